import { Link, useParams } from 'react-router-dom';
import { useSignedIn } from '../../api/session.tsx';
import { PageHeading } from '../../components/PageHeading.tsx';
import { SettingsNav } from '../settings/SettingsNav.tsx';
import { SETTINGS_PAGES, settingsPagesFor } from '../settings/settings-pages.tsx';
import { NotFoundRoute } from './NotFoundRoute.tsx';

/** The settings' index: each subject, with what it holds. */
export function SettingsIndexRoute() {
  const { me } = useSignedIn();
  return (
    <div className="settings">
      <PageHeading title="Settings" />
      <p>{me.company.companyName}'s settings, one page for each subject.</p>
      <dl className="settings-index">
        {settingsPagesFor(me.reviewer.role).map((page) => (
          <div key={page.path}>
            <dt>
              <Link to={`/settings/${page.path}`}>{page.title}</Link>
            </dt>
            <dd>{page.summary}</dd>
          </div>
        ))}
      </dl>
    </div>
  );
}

/** One subject of the settings, its panels as they are, beside the list of subjects. */
export function SettingsRoute() {
  const { page: path = '' } = useParams();
  const { me } = useSignedIn();
  const page = SETTINGS_PAGES.find((candidate) => candidate.path === path);
  if (!page) return <NotFoundRoute what="settings page" />;
  return (
    <div className="settings">
      <SettingsNav />
      {/* Keyed by the page: moving to another subject is a new view, whose heading takes the focus. */}
      <PageHeading key={page.path} title={page.title} />
      {page.adminOnly && me.reviewer.role !== 'admin' ? (
        <p>Only an admin of your company can see this page.</p>
      ) : (
        page.panels.map((Panel, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: a page's panels are a fixed list.
          <Panel key={index} />
        ))
      )}
    </div>
  );
}
