// Content: the informational pages' title and text per city, and the index page's
// stories and slides (settings STORIES and SLIDES) with picture upload.
import { useState } from 'react';
import { adminListSettings, type AdminSetting } from '../../../api/contract/admin/settings';
import { useAdminQuery } from '../data/hooks';
import { TabBar } from '../kit/lists';
import { PageHead, QueryView } from '../ui';
import { PagesSection } from './content/PagesSection';
import { SlidesEditor } from './content/SlidesEditor';

const TABS = [
  { id: 'pages', label: 'Информационные страницы' },
  { id: 'stories', label: 'Истории и слайды' },
] as const;

export default function ContentPage() {
  const [tab, setTab] = useState<(typeof TABS)[number]['id']>('pages');
  const settings = useAdminQuery(adminListSettings, {}, { enabled: tab === 'stories' });
  const saved = (x: AdminSetting) =>
    settings.replace((d) => ({ ...d, settings: d.settings.map((y) => (y.name === x.name ? x : y)) }));
  return (
    <section>
      <PageHead title="Страницы и истории" />
      <TabBar tabs={TABS} value={tab} onChange={setTab} />
      {tab === 'pages' ? (
        <PagesSection />
      ) : (
        <QueryView query={settings}>
          {(data) => (
            <>
              {(['STORIES', 'SLIDES'] as const).map((name) => {
                const setting = data.settings.find((x) => x.name === name);
                return setting ? (
                  <SlidesEditor
                    key={`${name}-${setting.updatedAt}`}
                    setting={setting}
                    kind={name === 'STORIES' ? 'stories' : 'slides'}
                    onSaved={saved}
                  />
                ) : null;
              })}
            </>
          )}
        </QueryView>
      )}
    </section>
  );
}
