import {
  BankOutlined,
  BookOutlined,
  CloudUploadOutlined,
  CalendarOutlined,
  CheckSquareOutlined,
  HomeOutlined,
  NotificationOutlined,
  QuestionCircleOutlined,
  ReadOutlined,
  SafetyCertificateOutlined,
  SettingOutlined,
  TeamOutlined,
  ToolOutlined,
  TrophyOutlined,
} from '@ant-design/icons';
import type { ReactNode } from 'react';
import type { MenuIcon } from '../menus.ts';

/** The icon component of each menu icon name. */
export const menuIcons: Record<MenuIcon, ReactNode> = {
  home: <HomeOutlined />,
  class: <BookOutlined />,
  schedule: <CalendarOutlined />,
  attendance: <CheckSquareOutlined />,
  grade: <TrophyOutlined />,
  'question-bank': <BankOutlined />,
  announcement: <NotificationOutlined />,
  news: <ReadOutlined />,
  configuration: <ToolOutlined />,
  settings: <SettingOutlined />,
  help: <QuestionCircleOutlined />,
  users: <TeamOutlined />,
  rights: <SafetyCertificateOutlined />,
  import: <CloudUploadOutlined />,
};
