"""play_deals: whole deals played against the engine, kept on the server

Revision ID: 0004_play_deals
Revises: 0003_learner_record
Create Date: 2026-12-01 10:00:00

"""
from alembic import op
import sqlalchemy as sa


revision = '0004_play_deals'
down_revision = '0003_learner_record'
branch_labels = None
depends_on = None


def upgrade():
    op.create_table(
        'play_deals',
        sa.Column('id', sa.String(length=32), nullable=False),
        sa.Column('profile_id', sa.Integer(), nullable=False),
        sa.Column('game', sa.String(length=32), nullable=False),
        sa.Column('rules', sa.JSON(), nullable=False),
        sa.Column('seed', sa.Integer(), nullable=False),
        sa.Column('dealer', sa.Integer(), nullable=False),
        sa.Column('seat', sa.Integer(), nullable=False),
        sa.Column('strength', sa.String(length=16), nullable=False),
        sa.Column('coach', sa.Boolean(), nullable=False),
        sa.Column('code', sa.Text(), nullable=False),
        sa.Column('moves', sa.JSON(), nullable=False),
        sa.Column('status', sa.String(length=12), nullable=False),
        sa.Column('result', sa.JSON(), nullable=True),
        sa.Column('assignment_id', sa.Integer(), nullable=True),
        sa.Column('created_at', sa.DateTime(), nullable=False),
        sa.Column('updated_at', sa.DateTime(), nullable=False),
        sa.ForeignKeyConstraint(['profile_id'], ['learner_profiles.id'], name=op.f('fk_play_deals_profile_id_learner_profiles'), ondelete='CASCADE'),
        sa.PrimaryKeyConstraint('id', name=op.f('pk_play_deals')),
    )
    with op.batch_alter_table('play_deals', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_play_deals_profile_id'), ['profile_id'], unique=False)
        batch_op.create_index(batch_op.f('ix_play_deals_assignment_id'), ['assignment_id'], unique=False)


def downgrade():
    op.drop_table('play_deals')
