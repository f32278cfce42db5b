import { NavLink } from 'react-router-dom';
import { useSignedIn } from '../../api/session.tsx';
import { settingsPagesFor } from './settings-pages.tsx';

/** The settings' subjects, the open one marked: on the settings' index and on each of its pages. */
export function SettingsNav() {
  const { me } = useSignedIn();
  return (
    <nav className="settings-nav" aria-label="Settings">
      <ul>
        {settingsPagesFor(me.reviewer.role).map((page) => (
          <li key={page.path}>
            <NavLink to={`/settings/${page.path}`}>{page.title}</NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
