import { Avatar } from 'antd';
import { UserOutlined } from '@ant-design/icons';

/**
 * A person's photo; without one, or when it fails to load, the default figure (spec 2 §2). antd shows
 * the icon itself when the image errors.
 */
export function PersonAvatar({ src, name, size = 40 }: { src: string | null; name: string; size?: number }) {
  return (
    <Avatar
      size={size}
      src={src ?? undefined}
      alt={name}
      icon={<UserOutlined />}
      style={src ? undefined : { background: '#cbd5e1', color: '#fff' }}
    />
  );
}
