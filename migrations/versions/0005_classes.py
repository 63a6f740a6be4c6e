"""classes, their teachers and students, teacher-made student accounts, quick-login
codes, assignments with their parts, items and per-student extensions

Revision ID: 0005_classes
Revises: 0004_play_deals
Create Date: 2026-12-02 09:00:00

"""
from alembic import op
import sqlalchemy as sa


revision = '0005_classes'
down_revision = '0004_play_deals'
branch_labels = None
depends_on = None


def upgrade():
    op.create_table(
        'classes',
        sa.Column('id', sa.Integer(), nullable=False),
        sa.Column('name', sa.String(length=80), nullable=False),
        sa.Column('join_code', sa.String(length=16), nullable=False),
        sa.Column('join_open', sa.Boolean(), nullable=False),
        sa.Column('notes', sa.Text(), nullable=False),
        sa.Column('archived_at', sa.DateTime(), nullable=True),
        sa.Column('created_at', sa.DateTime(), nullable=False),
        sa.PrimaryKeyConstraint('id', name=op.f('pk_classes')),
        sa.UniqueConstraint('join_code', name=op.f('uq_classes_join_code')),
    )
    op.create_table(
        'class_teachers',
        sa.Column('id', sa.Integer(), nullable=False),
        sa.Column('class_id', sa.Integer(), nullable=False),
        sa.Column('user_id', sa.Integer(), nullable=False),
        sa.Column('role', sa.String(length=8), nullable=False),
        sa.Column('added_at', sa.DateTime(), nullable=False),
        sa.ForeignKeyConstraint(['class_id'], ['classes.id'], name=op.f('fk_class_teachers_class_id_classes'), ondelete='CASCADE'),
        sa.ForeignKeyConstraint(['user_id'], ['users.id'], name=op.f('fk_class_teachers_user_id_users'), ondelete='CASCADE'),
        sa.PrimaryKeyConstraint('id', name=op.f('pk_class_teachers')),
        sa.UniqueConstraint('class_id', 'user_id', name=op.f('uq_class_teachers_class_id')),
    )
    with op.batch_alter_table('class_teachers', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_class_teachers_user_id'), ['user_id'], unique=False)

    op.create_table(
        'class_students',
        sa.Column('id', sa.Integer(), nullable=False),
        sa.Column('class_id', sa.Integer(), nullable=False),
        sa.Column('user_id', sa.Integer(), nullable=False),
        sa.Column('real_name', sa.String(length=80), nullable=False),
        sa.Column('note', sa.Text(), nullable=False),
        sa.Column('joined_at', sa.DateTime(), nullable=False),
        sa.ForeignKeyConstraint(['class_id'], ['classes.id'], name=op.f('fk_class_students_class_id_classes'), ondelete='CASCADE'),
        sa.ForeignKeyConstraint(['user_id'], ['users.id'], name=op.f('fk_class_students_user_id_users'), ondelete='CASCADE'),
        sa.PrimaryKeyConstraint('id', name=op.f('pk_class_students')),
        sa.UniqueConstraint('class_id', 'user_id', name=op.f('uq_class_students_class_id')),
    )
    with op.batch_alter_table('class_students', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_class_students_user_id'), ['user_id'], unique=False)

    op.create_table(
        'student_accounts',
        sa.Column('user_id', sa.Integer(), nullable=False),
        sa.Column('created_by_id', sa.Integer(), nullable=True),
        sa.Column('created_at', sa.DateTime(), nullable=False),
        sa.ForeignKeyConstraint(['user_id'], ['users.id'], name=op.f('fk_student_accounts_user_id_users'), ondelete='CASCADE'),
        sa.ForeignKeyConstraint(['created_by_id'], ['users.id'], name=op.f('fk_student_accounts_created_by_id_users'), ondelete='SET NULL'),
        sa.PrimaryKeyConstraint('user_id', name=op.f('pk_student_accounts')),
    )
    with op.batch_alter_table('student_accounts', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_student_accounts_created_by_id'), ['created_by_id'], unique=False)

    op.create_table(
        'quick_codes',
        sa.Column('id', sa.Integer(), nullable=False),
        sa.Column('user_id', sa.Integer(), nullable=False),
        sa.Column('digest', sa.String(length=64), nullable=False),
        sa.Column('expires_at', sa.DateTime(), nullable=False),
        sa.Column('created_at', sa.DateTime(), nullable=False),
        sa.ForeignKeyConstraint(['user_id'], ['users.id'], name=op.f('fk_quick_codes_user_id_users'), ondelete='CASCADE'),
        sa.PrimaryKeyConstraint('id', name=op.f('pk_quick_codes')),
        sa.UniqueConstraint('digest', name=op.f('uq_quick_codes_digest')),
        sa.UniqueConstraint('user_id', name=op.f('uq_quick_codes_user_id')),
    )

    op.create_table(
        'assignments',
        sa.Column('id', sa.Integer(), nullable=False),
        sa.Column('class_id', sa.Integer(), nullable=False),
        sa.Column('title', sa.String(length=120), nullable=False),
        sa.Column('game', sa.String(length=32), nullable=False),
        sa.Column('starts_at', sa.DateTime(), nullable=False),
        sa.Column('due_at', sa.DateTime(), nullable=False),
        sa.Column('pass_percent', sa.Integer(), nullable=False),
        sa.Column('exam', sa.Boolean(), nullable=False),
        sa.Column('created_by_id', sa.Integer(), nullable=True),
        sa.Column('created_at', sa.DateTime(), nullable=False),
        sa.ForeignKeyConstraint(['class_id'], ['classes.id'], name=op.f('fk_assignments_class_id_classes'), ondelete='CASCADE'),
        sa.ForeignKeyConstraint(['created_by_id'], ['users.id'], name=op.f('fk_assignments_created_by_id_users'), ondelete='SET NULL'),
        sa.PrimaryKeyConstraint('id', name=op.f('pk_assignments')),
    )
    with op.batch_alter_table('assignments', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_assignments_class_id'), ['class_id'], unique=False)

    op.create_table(
        'assignment_parts',
        sa.Column('id', sa.Integer(), nullable=False),
        sa.Column('assignment_id', sa.Integer(), nullable=False),
        sa.Column('position', sa.Integer(), nullable=False),
        sa.Column('kind', sa.String(length=20), nullable=False),
        sa.Column('spec', sa.JSON(), nullable=False),
        sa.ForeignKeyConstraint(['assignment_id'], ['assignments.id'], name=op.f('fk_assignment_parts_assignment_id_assignments'), ondelete='CASCADE'),
        sa.PrimaryKeyConstraint('id', name=op.f('pk_assignment_parts')),
    )
    with op.batch_alter_table('assignment_parts', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_assignment_parts_assignment_id'), ['assignment_id'], unique=False)

    op.create_table(
        'assignment_items',
        sa.Column('id', sa.Integer(), nullable=False),
        sa.Column('assignment_id', sa.Integer(), nullable=False),
        sa.Column('part_id', sa.Integer(), nullable=False),
        sa.Column('position', sa.Integer(), nullable=False),
        sa.Column('exercise_id', sa.String(length=700), nullable=False),
        sa.Column('key', sa.String(length=24), nullable=False),
        sa.ForeignKeyConstraint(['assignment_id'], ['assignments.id'], name=op.f('fk_assignment_items_assignment_id_assignments'), ondelete='CASCADE'),
        sa.ForeignKeyConstraint(['part_id'], ['assignment_parts.id'], name=op.f('fk_assignment_items_part_id_assignment_parts'), ondelete='CASCADE'),
        sa.PrimaryKeyConstraint('id', name=op.f('pk_assignment_items')),
        sa.UniqueConstraint('assignment_id', 'exercise_id', name=op.f('uq_assignment_items_assignment_id')),
        sa.UniqueConstraint('key', name=op.f('uq_assignment_items_key')),
    )
    with op.batch_alter_table('assignment_items', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_assignment_items_assignment_id'), ['assignment_id'], unique=False)

    op.create_table(
        'assignment_extensions',
        sa.Column('id', sa.Integer(), nullable=False),
        sa.Column('assignment_id', sa.Integer(), nullable=False),
        sa.Column('user_id', sa.Integer(), nullable=False),
        sa.Column('due_at', sa.DateTime(), nullable=False),
        sa.ForeignKeyConstraint(['assignment_id'], ['assignments.id'], name=op.f('fk_assignment_extensions_assignment_id_assignments'), ondelete='CASCADE'),
        sa.ForeignKeyConstraint(['user_id'], ['users.id'], name=op.f('fk_assignment_extensions_user_id_users'), ondelete='CASCADE'),
        sa.PrimaryKeyConstraint('id', name=op.f('pk_assignment_extensions')),
        sa.UniqueConstraint('assignment_id', 'user_id', name=op.f('uq_assignment_extensions_assignment_id')),
    )


def downgrade():
    op.drop_table('assignment_extensions')
    op.drop_table('assignment_items')
    op.drop_table('assignment_parts')
    op.drop_table('assignments')
    op.drop_table('quick_codes')
    op.drop_table('student_accounts')
    op.drop_table('class_students')
    op.drop_table('class_teachers')
    op.drop_table('classes')
