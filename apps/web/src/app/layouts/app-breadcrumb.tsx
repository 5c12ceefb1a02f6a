import { HomeOutlined } from '@ant-design/icons';
import { Link } from 'react-router';
import { useRouteCrumbs } from '../../components/route-handle.ts';

/** Where the home icon leads (spec 1 §2). */
const homePath = '/beranda';

/**
 * The header's breadcrumb (spec 1 §2): a home icon linking to /beranda, then one crumb per level of the
 * current route, each linking to its own path (cumulative); the last is the current page, not a link.
 * Plain list markup (the WAI-ARIA breadcrumb pattern): antd's Breadcrumb brings its Dropdown and Menu.
 */
export function AppBreadcrumb() {
  const crumbs = useRouteCrumbs().filter((crumb) => crumb.path !== homePath);
  return (
    <nav aria-label="Breadcrumb" className="app-breadcrumb">
      <ol>
        <li>
          <Link to={homePath} aria-label="Beranda" aria-current={crumbs.length === 0 ? 'page' : undefined}>
            <HomeOutlined />
          </Link>
        </li>
        {crumbs.map((crumb, index) => (
          <li key={crumb.path}>
            {index === crumbs.length - 1 ? (
              <span aria-current="page">{crumb.title}</span>
            ) : (
              <Link to={crumb.path}>{crumb.title}</Link>
            )}
          </li>
        ))}
      </ol>
    </nav>
  );
}
