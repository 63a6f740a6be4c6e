"""attempts: an index by ``context_ref`` and the profile, so that a teacher's grid of an
assignment (its stamp read with every view, its cells and common mistakes) reads the
class's answers to it alone, not every answer its students ever gave

Revision ID: 0010_class_answers_index
Revises: 0009_club_years
Create Date: 2026-12-07 08:00:00

"""
from alembic import op


revision = '0010_class_answers_index'
down_revision = '0009_club_years'
branch_labels = None
depends_on = None


def upgrade():
    with op.batch_alter_table('attempts', schema=None) as batch_op:
        batch_op.create_index(
            'ix_attempts_context_ref_profile', ['context_ref', 'profile_id'], unique=False
        )


def downgrade():
    with op.batch_alter_table('attempts', schema=None) as batch_op:
        batch_op.drop_index('ix_attempts_context_ref_profile')
