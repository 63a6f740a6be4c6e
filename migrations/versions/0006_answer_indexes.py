"""attempts: one index by the learner, game and time (the progress page, the review, a
class's results) in place of five single-column ones no query used alone; exercise and
skill states: no index on the profile beside their unique keys, which begin with it;
skill states: no index on ``due`` (what is due is read per profile). Every answer
writes each index of these tables: seven B-trees for an attempt became four.

Revision ID: 0006_answer_indexes
Revises: 0005_classes
Create Date: 2026-12-06 09:00:00

"""
from alembic import op


revision = '0006_answer_indexes'
down_revision = '0005_classes'
branch_labels = None
depends_on = None


def upgrade():
    with op.batch_alter_table('attempts', schema=None) as batch_op:
        batch_op.create_index('ix_attempts_profile_game_time', ['profile_id', 'game', 'created_at'], unique=False)
        batch_op.drop_index(batch_op.f('ix_attempts_profile_id'))
        batch_op.drop_index(batch_op.f('ix_attempts_game'))
        batch_op.drop_index(batch_op.f('ix_attempts_misconception'))
        batch_op.drop_index(batch_op.f('ix_attempts_created_at'))
    with op.batch_alter_table('exercise_states', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_exercise_states_profile_id'))
    with op.batch_alter_table('skill_states', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_skill_states_profile_id'))
        batch_op.drop_index(batch_op.f('ix_skill_states_due'))


def downgrade():
    with op.batch_alter_table('skill_states', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_skill_states_due'), ['due'], unique=False)
        batch_op.create_index(batch_op.f('ix_skill_states_profile_id'), ['profile_id'], unique=False)
    with op.batch_alter_table('exercise_states', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_exercise_states_profile_id'), ['profile_id'], unique=False)
    with op.batch_alter_table('attempts', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_attempts_created_at'), ['created_at'], unique=False)
        batch_op.create_index(batch_op.f('ix_attempts_misconception'), ['misconception'], unique=False)
        batch_op.create_index(batch_op.f('ix_attempts_game'), ['game'], unique=False)
        batch_op.create_index(batch_op.f('ix_attempts_profile_id'), ['profile_id'], unique=False)
        batch_op.drop_index('ix_attempts_profile_game_time')
