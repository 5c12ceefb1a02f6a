import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { formatTeacherName } from '@lms/contract/class.rules';
import type { ClassListItem } from '@lms/contract/class.schema';
import { formatPeriodLabel } from '@lms/contract/period.rules';
import { ClassBanner } from './class-banner.tsx';
import { ClassStatusTag } from './class-status-tag.tsx';
import { UserAvatar } from './user-avatar.tsx';
import './class-highlight-card.css';

/** A class's page. */
export function classHref(id: string): string {
  return `/kelas/${encodeURIComponent(id)}`;
}

/**
 * The class highlight card (spec 1 §2, spec 2 §2), on the dashboard and the class list: a link to
 * /kelas/{id} with status tag, banner (one of 7 defaults without banner_url), course id and name, period,
 * class type and first teacher. `footer` goes below the link: the class list on phones puts its
 * 'Pilih Pertemuan' dropdown there (it loads meetings, which this shared card may not do itself).
 * `linkClassName` is added to the link, for the page's layout and tests.
 */
export function ClassHighlightCard({
  item,
  footer,
  linkClassName,
}: {
  item: ClassListItem;
  footer?: ReactNode;
  linkClassName?: string;
}) {
  const teacher = item.pengajar[0];
  return (
    <div className="class-highlight-card" data-testid="class-card">
      <Link
        to={classHref(item.id)}
        aria-label={`${item.mata_kuliah.nama} kelas ${item.kelas.nama}`}
        className={
          linkClassName ? `class-highlight-card__link ${linkClassName}` : 'class-highlight-card__link'
        }
      >
        <ClassBanner bannerUrl={item.banner_url} colorIdx={item.banner_color_idx} height={100}>
          <ClassStatusTag status={item.status} className="class-highlight-card__status" />
        </ClassBanner>
        <div className="class-highlight-card__body">
          <span className="class-highlight-card__muted" style={{ fontSize: 12 }}>
            {item.mata_kuliah.id}
          </span>
          <strong className="class-highlight-card__name">{item.mata_kuliah.nama}</strong>
          <span className="class-highlight-card__muted">Periode {formatPeriodLabel(item.periode)}</span>
          <span>
            Kelas {item.kelas.nama} · {item.kelas.jenis.nama}
          </span>
          <span className="class-highlight-card__teacher">
            <UserAvatar size={24} src={teacher?.avatar_url} alt="" />
            <span className="class-highlight-card__muted class-highlight-card__ellipsis">
              {teacher ? formatTeacherName(teacher) : '-'}
            </span>
          </span>
        </div>
      </Link>
      {footer ? <div className="class-highlight-card__footer">{footer}</div> : null}
    </div>
  );
}
