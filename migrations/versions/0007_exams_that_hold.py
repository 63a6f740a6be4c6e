"""exams that hold: assignments get a random key (their attempts are named by it, not
by the number a later assignment may reuse); an attempt says whether the answer was
shown before it; one exam answer per student and item (a partial unique index; a
second answer already stored, which the results never counted, is removed);
per-student positions of an assignment; co-teaching invitations; the log of password
resets and quick-login codes given to student accounts

Revision ID: 0007_exams_that_hold
Revises: 0006_answer_indexes
Create Date: 2026-12-10 09:00:00

"""
import secrets

from alembic import op
import sqlalchemy as sa


revision = '0007_exams_that_hold'
down_revision = '0006_answer_indexes'
branch_labels = None
depends_on = None

EXAM = "context = 'exam'"


def _rename_refs(conn, renames):
    """The attempts of each assignment: ``context_ref`` from the first to the second."""
    for old, new in renames:
        conn.execute(
            sa.text(
                "UPDATE attempts SET context_ref = :new WHERE context_ref = :old"
                " AND context IN ('assignment', 'exam')"
            ),
            {'new': new, 'old': old},
        )


def upgrade():
    conn = op.get_bind()
    with op.batch_alter_table('assignments', schema=None) as batch_op:
        batch_op.add_column(sa.Column('key', sa.String(length=24), nullable=True))
    ids = [row[0] for row in conn.execute(sa.text('SELECT id FROM assignments'))]
    keys = {aid: secrets.token_urlsafe(12) for aid in ids}
    for aid, key in keys.items():
        conn.execute(sa.text('UPDATE assignments SET key = :k WHERE id = :i'), {'k': key, 'i': aid})
    _rename_refs(conn, [(f'asg-{aid}', f'asg-{key}') for aid, key in keys.items()])
    with op.batch_alter_table('assignments', schema=None) as batch_op:
        batch_op.alter_column('key', existing_type=sa.String(length=24), nullable=False)
        batch_op.create_unique_constraint(batch_op.f('uq_assignments_key'), ['key'])

    # one exam answer per student and item: the first stays (the one the results counted)
    conn.execute(
        sa.text(
            "DELETE FROM attempts WHERE context = 'exam' AND id NOT IN ("
            " SELECT min(id) FROM attempts WHERE context = 'exam'"
            " GROUP BY profile_id, context_ref, exercise_id)"
        )
    )
    with op.batch_alter_table('attempts', schema=None) as batch_op:
        batch_op.add_column(
            sa.Column('shown', sa.Boolean(), server_default=sa.false(), nullable=False)
        )
    op.create_index(
        'uq_attempts_exam_answer',
        'attempts',
        ['profile_id', 'context_ref', 'exercise_id'],
        unique=True,
        sqlite_where=sa.text(EXAM),
        postgresql_where=sa.text(EXAM),
    )

    op.create_table(
        'assignment_own_positions',
        sa.Column('id', sa.Integer(), nullable=False),
        sa.Column('assignment_id', sa.Integer(), nullable=False),
        sa.Column('item_id', sa.Integer(), nullable=False),
        sa.Column('user_id', sa.Integer(), nullable=False),
        sa.Column('exercise_id', sa.String(length=120), nullable=False),
        sa.ForeignKeyConstraint(['assignment_id'], ['assignments.id'], name=op.f('fk_assignment_own_positions_assignment_id_assignments'), ondelete='CASCADE'),
        sa.ForeignKeyConstraint(['item_id'], ['assignment_items.id'], name=op.f('fk_assignment_own_positions_item_id_assignment_items'), ondelete='CASCADE'),
        sa.ForeignKeyConstraint(['user_id'], ['users.id'], name=op.f('fk_assignment_own_positions_user_id_users'), ondelete='CASCADE'),
        sa.PrimaryKeyConstraint('id', name=op.f('pk_assignment_own_positions')),
        sa.UniqueConstraint('exercise_id', name=op.f('uq_assignment_own_positions_exercise_id')),
        sa.UniqueConstraint('item_id', 'user_id', name=op.f('uq_assignment_own_positions_item_id')),
    )
    with op.batch_alter_table('assignment_own_positions', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_assignment_own_positions_assignment_id'), ['assignment_id'], unique=False)

    op.create_table(
        'class_invitations',
        sa.Column('id', sa.Integer(), nullable=False),
        sa.Column('class_id', sa.Integer(), nullable=False),
        sa.Column('user_id', sa.Integer(), nullable=False),
        sa.Column('invited_by_id', sa.Integer(), nullable=True),
        sa.Column('status', sa.String(length=12), nullable=False),
        sa.Column('created_at', sa.DateTime(), nullable=False),
        sa.Column('expires_at', sa.DateTime(), nullable=False),
        sa.Column('answered_at', sa.DateTime(), nullable=True),
        sa.ForeignKeyConstraint(['class_id'], ['classes.id'], name=op.f('fk_class_invitations_class_id_classes'), ondelete='CASCADE'),
        sa.ForeignKeyConstraint(['invited_by_id'], ['users.id'], name=op.f('fk_class_invitations_invited_by_id_users'), ondelete='SET NULL'),
        sa.ForeignKeyConstraint(['user_id'], ['users.id'], name=op.f('fk_class_invitations_user_id_users'), ondelete='CASCADE'),
        sa.PrimaryKeyConstraint('id', name=op.f('pk_class_invitations')),
    )
    with op.batch_alter_table('class_invitations', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_class_invitations_class_id'), ['class_id'], unique=False)
        batch_op.create_index(batch_op.f('ix_class_invitations_user_id'), ['user_id'], unique=False)

    op.create_table(
        'account_events',
        sa.Column('id', sa.Integer(), nullable=False),
        sa.Column('user_id', sa.Integer(), nullable=False),
        sa.Column('actor_id', sa.Integer(), nullable=True),
        sa.Column('kind', sa.String(length=12), nullable=False),
        sa.Column('created_at', sa.DateTime(), nullable=False),
        sa.ForeignKeyConstraint(['actor_id'], ['users.id'], name=op.f('fk_account_events_actor_id_users'), ondelete='SET NULL'),
        sa.ForeignKeyConstraint(['user_id'], ['users.id'], name=op.f('fk_account_events_user_id_users'), ondelete='CASCADE'),
        sa.PrimaryKeyConstraint('id', name=op.f('pk_account_events')),
    )
    with op.batch_alter_table('account_events', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_account_events_user_id'), ['user_id'], unique=False)


def downgrade():
    """Back to numbered refs; a removed second exam answer does not come back."""
    conn = op.get_bind()
    with op.batch_alter_table('account_events', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_account_events_user_id'))
    op.drop_table('account_events')
    with op.batch_alter_table('class_invitations', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_class_invitations_user_id'))
        batch_op.drop_index(batch_op.f('ix_class_invitations_class_id'))
    op.drop_table('class_invitations')
    with op.batch_alter_table('assignment_own_positions', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_assignment_own_positions_assignment_id'))
    op.drop_table('assignment_own_positions')

    op.drop_index('uq_attempts_exam_answer', table_name='attempts')
    with op.batch_alter_table('attempts', schema=None) as batch_op:
        batch_op.drop_column('shown')

    rows = list(conn.execute(sa.text('SELECT id, key FROM assignments')))
    _rename_refs(conn, [(f'asg-{key}', f'asg-{aid}') for aid, key in rows])
    with op.batch_alter_table('assignments', schema=None) as batch_op:
        batch_op.drop_constraint(batch_op.f('uq_assignments_key'), type_='unique')
        batch_op.drop_column('key')
