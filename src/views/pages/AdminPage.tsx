// The admin area's screens are not part of the storefront views (SPEC §2: "not shown").
import ui from '../components/ui.module.css';

export default function AdminPage() {
  return (
    <div className={ui.container}>
      <h1 className={ui.pageTitle}>Администрирование</h1>
      <p>Раздел администратора пока недоступен.</p>
    </div>
  );
}
