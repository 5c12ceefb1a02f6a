import { useEffect, useState } from 'react';
import { ClockCircleOutlined } from '@ant-design/icons';
import { defaultTimeZone, formatClock } from '../../lib/date.ts';
import { useConfiguration } from '../../lib/queries/get-configuration.ts';
import { serverNow } from '../../lib/server-clock.ts';

/** The server time 'D MMM YYYY, HH:mm:ss WIB', ticking each second between `time` events. */
export function ServerClock() {
  const timeZone = useConfiguration().data?.time_zone ?? defaultTimeZone;
  const [now, setNow] = useState(serverNow);
  useEffect(() => {
    const timer = setInterval(() => setNow(serverNow()), 1000);
    return () => clearInterval(timer);
  }, []);
  return (
    <span className="server-clock" aria-label="Waktu server">
      <ClockCircleOutlined />
      <time dateTime={new Date(now).toISOString()}>{formatClock(now, timeZone)}</time>
    </span>
  );
}
