// Staff (docs/product.md §12.1): everyone sees who has access; the owner adds by Telegram id with a role,
// changes roles and removes members (owners from ADMIN_TELEGRAM_IDS stay).
import { roleCan, STAFF_ROLES, type AdminStaffMember, type StaffRole } from '@shop/contract';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { confirm } from '../../../components/ui/confirm-store.ts';
import { notify } from '../../../components/ui/notify.ts';
import { staffQueryOptions, useRemoveStaff, useSaveStaff } from '../api/staff.ts';
import { formatDateTime, ROLE_RU } from '../admin-labels.ts';
import { useAdminMe } from '../api/get-admin-me.ts';
import { keepFiltered } from '../../../lib/filtered-input.ts';

export function StaffView() {
  const me = useAdminMe().data;
  const isOwner = me ? roleCan(me.role, 'own') : false;
  const staff = useQuery(staffQueryOptions());
  return (
    <section className="admin-staff">
      {isOwner && <AddMember />}
      {staff.isError && (
        <p className="admin-error" role="alert">
          {staff.error.message}
        </p>
      )}
      <ul className="admin-list admin-card">
        {staff.data?.map((m) => (
          <Member
            key={m.telegram_id}
            member={m}
            editable={isOwner && !m.from_env && m.telegram_id !== me?.telegram_id}
          />
        ))}
      </ul>
    </section>
  );
}

function RoleSelect({
  value,
  onChange,
  label,
}: {
  value: StaffRole;
  onChange: (r: StaffRole) => void;
  label: string;
}) {
  return (
    <select
      className="admin-select"
      aria-label={label}
      value={value}
      onChange={(e) => onChange(e.target.value as StaffRole)}
    >
      {STAFF_ROLES.map((r) => (
        <option key={r} value={r}>
          {ROLE_RU[r]}
        </option>
      ))}
    </select>
  );
}

function AddMember() {
  const [id, setId] = useState('');
  const [role, setRole] = useState<StaffRole>('manager');
  const save = useSaveStaff();
  return (
    <form
      className="admin-card admin-form"
      onSubmit={(e) => {
        e.preventDefault();
        save.mutate(
          { telegram_id: Number(id), role },
          {
            onSuccess: () => {
              notify.success('Сотрудник добавлен');
              setId('');
            },
          },
        );
      }}
    >
      <h2 className="admin-card__title">Добавить сотрудника</h2>
      <input
        className="admin-input"
        inputMode="numeric"
        placeholder="Telegram id"
        aria-label="Telegram id"
        value={id}
        onChange={(e) => setId(keepFiltered(e.currentTarget, (v) => v.replace(/\D/g, '').slice(0, 16)))}
      />
      <RoleSelect value={role} onChange={setRole} label="Роль" />
      <Button type="submit" size="medium" disabled={!id} loading={save.isPending}>
        Добавить
      </Button>
    </form>
  );
}

function Member({ member, editable }: { member: AdminStaffMember; editable: boolean }) {
  const save = useSaveStaff();
  const remove = useRemoveStaff();
  const who = member.name ?? `id ${member.telegram_id}`;
  return (
    <li className="admin-list__item admin-line" data-telegram-id={member.telegram_id}>
      <span className="admin-line__text">
        <span>
          {who}
          {member.username ? ` · @${member.username}` : ''}
        </span>
        <span className="admin-muted">
          {member.name ? `id ${member.telegram_id} · ` : ''}с {formatDateTime(member.created_at)}
          {member.from_env ? ' · из настроек сервера' : ''}
        </span>
      </span>
      {editable ? (
        <span className="admin-actions">
          <RoleSelect
            value={member.role}
            label={`Роль: ${who}`}
            onChange={(role) =>
              save.mutate(
                { telegram_id: member.telegram_id, role },
                { onSuccess: () => notify.success('Роль изменена') },
              )
            }
          />
          <Button
            size="small"
            variant="error"
            loading={remove.isPending}
            onClick={() =>
              void confirm({
                title: `Убрать доступ: ${who}?`,
                message: 'Панель закроется для него сразу.',
                confirmText: 'Убрать',
                cancelText: 'Отмена',
                destructive: true,
              }).then(
                (ok) =>
                  ok &&
                  remove.mutate(member.telegram_id, {
                    onSuccess: () => notify.success('Доступ убран'),
                  }),
              )
            }
          >
            Убрать
          </Button>
        </span>
      ) : (
        <span className="admin-role">{ROLE_RU[member.role]}</span>
      )}
    </li>
  );
}
