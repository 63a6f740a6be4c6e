"""the learner's record: attempts, exercise states, skill states (FSRS), quiz sessions,
practice positions and ratings (Glicko-2);
profile time zone; the old progress and games tables go (games live in the engine registry)

Revision ID: 0003_learner_record
Revises: 0002_account_security
Create Date: 2026-12-01 08:00:00

"""
from alembic import op
import sqlalchemy as sa


revision = '0003_learner_record'
down_revision = '0002_account_security'
branch_labels = None
depends_on = None


def upgrade():
    op.create_table(
        'attempts',
        sa.Column('id', sa.Integer(), nullable=False),
        sa.Column('profile_id', sa.Integer(), nullable=False),
        sa.Column('exercise_id', sa.String(length=700), nullable=False),
        sa.Column('game', sa.String(length=32), nullable=False),
        sa.Column('context', sa.String(length=20), nullable=False),
        sa.Column('context_ref', sa.String(length=120), nullable=False),
        sa.Column('answer', sa.Text(), nullable=False),
        sa.Column('correct', sa.Boolean(), nullable=False),
        sa.Column('misconception', sa.String(length=60), nullable=True),
        sa.Column('params', sa.JSON(), nullable=False),
        sa.Column('hints', sa.Integer(), nullable=False),
        sa.Column('time_ms', sa.Integer(), nullable=False),
        sa.Column('nonce', sa.String(length=40), nullable=False),
        sa.Column('created_at', sa.DateTime(), nullable=False),
        sa.ForeignKeyConstraint(['profile_id'], ['learner_profiles.id'], name=op.f('fk_attempts_profile_id_learner_profiles'), ondelete='CASCADE'),
        sa.PrimaryKeyConstraint('id', name=op.f('pk_attempts')),
        sa.UniqueConstraint('nonce', name=op.f('uq_attempts_nonce')),
    )
    with op.batch_alter_table('attempts', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_attempts_profile_id'), ['profile_id'], unique=False)
        batch_op.create_index(batch_op.f('ix_attempts_exercise_id'), ['exercise_id'], unique=False)
        batch_op.create_index(batch_op.f('ix_attempts_game'), ['game'], unique=False)
        batch_op.create_index(batch_op.f('ix_attempts_misconception'), ['misconception'], unique=False)
        batch_op.create_index(batch_op.f('ix_attempts_created_at'), ['created_at'], unique=False)

    op.create_table(
        'exercise_states',
        sa.Column('id', sa.Integer(), nullable=False),
        sa.Column('profile_id', sa.Integer(), nullable=False),
        sa.Column('exercise_id', sa.String(length=700), nullable=False),
        sa.Column('game', sa.String(length=32), nullable=False),
        sa.Column('tries', sa.Integer(), nullable=False),
        sa.Column('hints', sa.Integer(), nullable=False),
        sa.Column('revealed', sa.Boolean(), nullable=False),
        sa.Column('solved', sa.Boolean(), nullable=False),
        sa.Column('stars', sa.Integer(), nullable=False),
        sa.Column('reviewed', sa.Boolean(), nullable=False),
        sa.Column('updated_at', sa.DateTime(), nullable=False),
        sa.ForeignKeyConstraint(['profile_id'], ['learner_profiles.id'], name=op.f('fk_exercise_states_profile_id_learner_profiles'), ondelete='CASCADE'),
        sa.PrimaryKeyConstraint('id', name=op.f('pk_exercise_states')),
        sa.UniqueConstraint('profile_id', 'exercise_id', name=op.f('uq_exercise_states_profile_id')),
    )
    with op.batch_alter_table('exercise_states', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_exercise_states_profile_id'), ['profile_id'], unique=False)

    op.create_table(
        'skill_states',
        sa.Column('id', sa.Integer(), nullable=False),
        sa.Column('profile_id', sa.Integer(), nullable=False),
        sa.Column('game', sa.String(length=32), nullable=False),
        sa.Column('skill', sa.String(length=40), nullable=False),
        sa.Column('card', sa.JSON(), nullable=False),
        sa.Column('due', sa.DateTime(), nullable=False),
        sa.Column('reviews', sa.Integer(), nullable=False),
        sa.Column('lapses', sa.Integer(), nullable=False),
        sa.Column('updated_at', sa.DateTime(), nullable=False),
        sa.ForeignKeyConstraint(['profile_id'], ['learner_profiles.id'], name=op.f('fk_skill_states_profile_id_learner_profiles'), ondelete='CASCADE'),
        sa.PrimaryKeyConstraint('id', name=op.f('pk_skill_states')),
        sa.UniqueConstraint('profile_id', 'game', 'skill', name=op.f('uq_skill_states_profile_id')),
    )
    with op.batch_alter_table('skill_states', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_skill_states_profile_id'), ['profile_id'], unique=False)
        batch_op.create_index(batch_op.f('ix_skill_states_due'), ['due'], unique=False)

    op.create_table(
        'quiz_sessions',
        sa.Column('id', sa.String(length=32), nullable=False),
        sa.Column('profile_id', sa.Integer(), nullable=False),
        sa.Column('game', sa.String(length=32), nullable=False),
        sa.Column('unit', sa.String(length=40), nullable=False),
        sa.Column('mode', sa.String(length=10), nullable=False),
        sa.Column('items', sa.JSON(), nullable=False),
        sa.Column('started_at', sa.DateTime(), nullable=False),
        sa.Column('finished_at', sa.DateTime(), nullable=True),
        sa.ForeignKeyConstraint(['profile_id'], ['learner_profiles.id'], name=op.f('fk_quiz_sessions_profile_id_learner_profiles'), ondelete='CASCADE'),
        sa.PrimaryKeyConstraint('id', name=op.f('pk_quiz_sessions')),
    )
    with op.batch_alter_table('quiz_sessions', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_quiz_sessions_profile_id'), ['profile_id'], unique=False)

    op.create_table(
        'positions',
        sa.Column('id', sa.Integer(), nullable=False),
        sa.Column('game', sa.String(length=32), nullable=False),
        sa.Column('theme', sa.String(length=40), nullable=False),
        sa.Column('digest', sa.String(length=20), nullable=False),
        sa.Column('code', sa.Text(), nullable=False),
        sa.Column('seat', sa.Integer(), nullable=False),
        sa.Column('source', sa.String(length=12), nullable=False),
        sa.Column('author_id', sa.Integer(), nullable=True),
        sa.Column('rating', sa.Float(), nullable=False),
        sa.Column('rd', sa.Float(), nullable=False),
        sa.Column('vol', sa.Float(), nullable=False),
        sa.Column('plays', sa.Integer(), nullable=False),
        sa.Column('created_at', sa.DateTime(), nullable=False),
        sa.ForeignKeyConstraint(['author_id'], ['users.id'], name=op.f('fk_positions_author_id_users'), ondelete='SET NULL'),
        sa.PrimaryKeyConstraint('id', name=op.f('pk_positions')),
        sa.UniqueConstraint('game', 'theme', 'digest', name=op.f('uq_positions_game')),
    )
    with op.batch_alter_table('positions', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_positions_game'), ['game'], unique=False)
        batch_op.create_index(batch_op.f('ix_positions_author_id'), ['author_id'], unique=False)

    op.create_table(
        'ratings',
        sa.Column('id', sa.Integer(), nullable=False),
        sa.Column('profile_id', sa.Integer(), nullable=False),
        sa.Column('game', sa.String(length=32), nullable=False),
        sa.Column('rating', sa.Float(), nullable=False),
        sa.Column('rd', sa.Float(), nullable=False),
        sa.Column('vol', sa.Float(), nullable=False),
        sa.Column('plays', sa.Integer(), nullable=False),
        sa.Column('updated_at', sa.DateTime(), nullable=False),
        sa.ForeignKeyConstraint(['profile_id'], ['learner_profiles.id'], name=op.f('fk_ratings_profile_id_learner_profiles'), ondelete='CASCADE'),
        sa.PrimaryKeyConstraint('id', name=op.f('pk_ratings')),
        sa.UniqueConstraint('profile_id', 'game', name=op.f('uq_ratings_profile_id')),
    )
    with op.batch_alter_table('ratings', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_ratings_profile_id'), ['profile_id'], unique=False)

    with op.batch_alter_table('learner_profiles', schema=None) as batch_op:
        batch_op.add_column(sa.Column('timezone', sa.String(length=64), server_default='Asia/Shanghai', nullable=False))

    op.drop_table('progress')
    op.drop_table('games')


def downgrade():
    op.create_table(
        'games',
        sa.Column('id', sa.String(length=32), nullable=False),
        sa.Column('family', sa.String(length=16), nullable=False),
        sa.Column('position', sa.Integer(), nullable=False),
        sa.Column('deck_size', sa.Integer(), nullable=False),
        sa.Column('players_min', sa.Integer(), nullable=False),
        sa.Column('players_max', sa.Integer(), nullable=False),
        sa.PrimaryKeyConstraint('id', name=op.f('pk_games')),
    )
    op.create_table(
        'progress',
        sa.Column('id', sa.Integer(), nullable=False),
        sa.Column('profile_id', sa.Integer(), nullable=False),
        sa.Column('item', sa.String(length=200), nullable=False),
        sa.Column('status', sa.String(length=20), nullable=False),
        sa.Column('score', sa.Integer(), nullable=False),
        sa.Column('attempts', sa.Integer(), nullable=False),
        sa.Column('updated_at', sa.DateTime(), nullable=False),
        sa.ForeignKeyConstraint(['profile_id'], ['learner_profiles.id'], name=op.f('fk_progress_profile_id_learner_profiles'), ondelete='CASCADE'),
        sa.PrimaryKeyConstraint('id', name=op.f('pk_progress')),
        sa.UniqueConstraint('profile_id', 'item', name='uq_progress_profile_item'),
    )
    with op.batch_alter_table('learner_profiles', schema=None) as batch_op:
        batch_op.drop_column('timezone')
    op.drop_table('ratings')
    op.drop_table('positions')
    op.drop_table('quiz_sessions')
    op.drop_table('skill_states')
    op.drop_table('exercise_states')
    op.drop_table('attempts')
