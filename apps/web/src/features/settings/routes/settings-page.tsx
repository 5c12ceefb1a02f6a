import { Col, Row, Skeleton } from 'antd';
import { useOwnSettings } from '../api/get-own-settings.ts';
import { CalendarFeedCard } from '../components/calendar-feed-card.tsx';
import { ContactForm } from '../components/contact-form.tsx';
import { PasswordForm } from '../components/password-form.tsx';
import { PhotoCard } from '../components/photo-card.tsx';

/** /pengaturan: the user's own settings: photo, contact, password, calendar feed. */
export function SettingsPage() {
  const settings = useOwnSettings().data;
  if (!settings) return <Skeleton active paragraph={{ rows: 8 }} />;
  return (
    <Row gutter={[16, 16]}>
      <Col xs={24} lg={12}>
        <Row gutter={[16, 16]}>
          <Col span={24}>
            <PhotoCard settings={settings} />
          </Col>
          <Col span={24}>
            <ContactForm settings={settings} />
          </Col>
        </Row>
      </Col>
      <Col xs={24} lg={12}>
        {/* One column under the password: an operator, who has no calendar feed, gets no empty cell. */}
        <div style={{ display: 'flex', flexDirection: 'column', gap: 16 }}>
          <PasswordForm acting={settings.sedang_login_akun_lain} />
          <CalendarFeedCard acting={settings.sedang_login_akun_lain} />
        </div>
      </Col>
    </Row>
  );
}
