import { useNavigate } from 'react-router';
import { notify } from '../../components/ui/notify.ts';
import { PassportEditor } from '../../features/passport/components/passport-form.tsx';
import { paths } from '../../lib/paths.ts';

export function Component() {
  const navigate = useNavigate();
  return (
    <section>
      <h1 className="page-title">Паспортные данные</h1>
      <PassportEditor
        submitLabel="Сохранить"
        onSaved={() => {
          notify.success('Паспортные данные сохранены');
          void navigate(paths.profile, { replace: true });
        }}
      />
    </section>
  );
}
