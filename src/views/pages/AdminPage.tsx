// /admin inside the storefront's router. The admin area is its own app (src/views/admin, booted
// by src/views/main.tsx on a full page load of an /admin… URL), so reaching it by an in-app
// navigation loads the page afresh: the storefront's shell, modals and effects stay out of it.
import { useEffect } from 'react';
import { PageLoader } from '../components/PageLoader';

export default function AdminPage() {
  useEffect(() => {
    window.location.assign(window.location.pathname + window.location.search);
  }, []);
  return <PageLoader />;
}
