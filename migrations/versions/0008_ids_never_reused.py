"""ids never reused, deals that count, rosters in order: on SQLite the classes' tables
are rebuilt with AUTOINCREMENT (a deleted assignment's number is never given again), and
what an earlier assignment with the same number left behind is sorted out (its deals
become their players' own; rows of a deleted assignment or class go); the ends of deals
store when they ended and how the learner's decisions compared with the engine's;
class students get a pinyin sort key (computed for the names already there) and
classes remember how their roster is ordered; a student removed from a class is
remembered (``class_departures``) so that their old links say so

Revision ID: 0008_ids_never_reused
Revises: 0007_exams_that_hold
Create Date: 2026-12-07 02:10:00

"""
from alembic import op
import sqlalchemy as sa


revision = '0008_ids_never_reused'
down_revision = '0007_exams_that_hold'
branch_labels = None
depends_on = None

#: parents first
NEVER_REUSED = [
    'classes',
    'class_students',
    'assignments',
    'assignment_parts',
    'assignment_items',
    'assignment_own_positions',
    'assignment_extensions',
]
#: the rows that hang on an assignment
UNDER_ASSIGNMENT = [
    'assignment_extensions',
    'assignment_own_positions',
    'assignment_items',
    'assignment_parts',
]


def _sort_out(conn):
    """Rows of an assignment (or class) that is gone, and deals of an earlier assignment
    that had the same number, before the numbers stop coming back."""
    for table in ('class_students', 'class_teachers', 'assignments', 'class_invitations'):
        conn.execute(
            sa.text(f'DELETE FROM {table} WHERE class_id NOT IN (SELECT id FROM classes)')
        )
    for table in UNDER_ASSIGNMENT:
        conn.execute(
            sa.text(
                f'DELETE FROM {table} WHERE assignment_id NOT IN (SELECT id FROM assignments)'
            )
        )
    # a deal of a deleted assignment is its player's own (as deleting does now); so is a
    # deal begun before the assignment of its number was made (an earlier one's)
    conn.execute(
        sa.text(
            'UPDATE play_deals SET assignment_id = NULL WHERE assignment_id IS NOT NULL AND ('
            ' assignment_id NOT IN (SELECT id FROM assignments)'
            ' OR created_at < (SELECT a.created_at FROM assignments a'
            ' WHERE a.id = play_deals.assignment_id))'
        )
    )


def _highest_seen(conn, table):
    high = conn.execute(sa.text(f'SELECT max(id) FROM {table}')).scalar() or 0
    if table == 'assignments':
        # a number a deleted assignment had, still named by a deal or rows left behind
        for other in ['play_deals', *UNDER_ASSIGNMENT]:
            sql = f'SELECT max(assignment_id) FROM {other}'
            high = max(high, conn.execute(sa.text(sql)).scalar() or 0)
    return high


def _deal_counts(conn):
    """Finished deals: their decisions and the engine's advice compared, once."""
    from app.learning.play import agreement
    import json

    rows = conn.execute(
        sa.text("SELECT id, moves, updated_at FROM play_deals WHERE status = 'over'")
    ).all()
    for did, moves, updated in rows:
        if isinstance(moves, str):
            moves = json.loads(moves)
        try:
            made, agreed = agreement(moves or [])
        except Exception:  # a log the engine no longer reads: left uncounted
            continue
        conn.execute(
            sa.text(
                'UPDATE play_deals SET decisions = :d, agreed = :a, ended_at = :e WHERE id = :i'
            ),
            {'d': made, 'a': agreed, 'e': updated, 'i': did},
        )


def _sort_keys(conn):
    from app.classes.pinyin import sort_key

    rows = conn.execute(sa.text('SELECT id, real_name FROM class_students')).all()
    for sid, name in rows:
        conn.execute(
            sa.text('UPDATE class_students SET sort_key = :k WHERE id = :i'),
            {'k': sort_key(name or ''), 'i': sid},
        )


def upgrade():
    conn = op.get_bind()
    sqlite = conn.dialect.name == 'sqlite'
    highest = {t: _highest_seen(conn, t) for t in NEVER_REUSED}
    _sort_out(conn)

    with op.batch_alter_table('classes', schema=None) as batch_op:
        batch_op.add_column(
            sa.Column('roster_order', sa.String(length=8), server_default='made', nullable=False)
        )
    with op.batch_alter_table('class_students', schema=None) as batch_op:
        batch_op.add_column(
            sa.Column('sort_key', sa.String(length=200), server_default='', nullable=False)
        )
    with op.batch_alter_table('play_deals', schema=None) as batch_op:
        batch_op.add_column(sa.Column('ended_at', sa.DateTime(), nullable=True))
        batch_op.add_column(sa.Column('decisions', sa.Integer(), nullable=True))
        batch_op.add_column(sa.Column('agreed', sa.Integer(), nullable=True))

    if sqlite:
        for table in NEVER_REUSED:
            with op.batch_alter_table(
                table, recreate='always', table_kwargs={'sqlite_autoincrement': True}
            ) as batch_op:
                pass
        for table, high in highest.items():
            conn.execute(sa.text('DELETE FROM sqlite_sequence WHERE name = :t'), {'t': table})
            conn.execute(
                sa.text('INSERT INTO sqlite_sequence (name, seq) VALUES (:t, :s)'),
                {'t': table, 's': high},
            )
    else:
        # PostgreSQL's sequences never go back; past a number an old deal names, though
        for table, high in highest.items():
            if high:
                conn.execute(
                    sa.text(
                        f"SELECT setval(pg_get_serial_sequence('{table}', 'id'),"
                        f" greatest(:h, (SELECT coalesce(max(id), 1) FROM {table})))"
                    ),
                    {'h': high},
                )

    op.create_table(
        'class_departures',
        sa.Column('id', sa.Integer(), nullable=False),
        sa.Column('class_id', sa.Integer(), nullable=False),
        sa.Column('user_id', sa.Integer(), nullable=False),
        sa.Column('removed_at', sa.DateTime(), nullable=False),
        sa.ForeignKeyConstraint(['class_id'], ['classes.id'], name=op.f('fk_class_departures_class_id_classes'), ondelete='CASCADE'),
        sa.ForeignKeyConstraint(['user_id'], ['users.id'], name=op.f('fk_class_departures_user_id_users'), ondelete='CASCADE'),
        sa.PrimaryKeyConstraint('id', name=op.f('pk_class_departures')),
        sa.UniqueConstraint('class_id', 'user_id', name=op.f('uq_class_departures_class_id')),
    )
    with op.batch_alter_table('class_departures', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_class_departures_user_id'), ['user_id'], unique=False)

    _deal_counts(conn)
    _sort_keys(conn)


def downgrade():
    """The new columns go; the tables keep AUTOINCREMENT (harmless to older code)."""
    with op.batch_alter_table('class_departures', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_class_departures_user_id'))
    op.drop_table('class_departures')
    with op.batch_alter_table('play_deals', schema=None) as batch_op:
        batch_op.drop_column('agreed')
        batch_op.drop_column('decisions')
        batch_op.drop_column('ended_at')
    with op.batch_alter_table('class_students', schema=None) as batch_op:
        batch_op.drop_column('sort_key')
    with op.batch_alter_table('classes', schema=None) as batch_op:
        batch_op.drop_column('roster_order')
