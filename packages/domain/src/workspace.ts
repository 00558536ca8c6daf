import { z } from 'zod';
import type { PermissionKey } from './permissions.ts';

/**
 * A role's workspace (`/trang-lam-viec`, where sign-in lands every role): what waits for the signed-in user, a
 * few figures of their data scope, and shortcuts to their daily actions.
 *
 * Tasks and figures are computed by the server: each module registers its providers once
 * (`registerWorkspaceTasks` / `registerWorkspaceFigures` in apps/api/src/modules/workspace) and
 * `GET /api/Workspace/tasks` answers those the caller's abilities admit, counted within the caller's data scope.
 * Shortcuts are static and listed here by permission; a module adds its own with `registerWorkspaceShortcuts`.
 */

/** How a task reads: 'action' waits for this user; 'warning' needs attention soon (a permit ending). */
export const WORKSPACE_TONES = ['action', 'warning', 'info'] as const;
export type WorkspaceTone = (typeof WORKSPACE_TONES)[number];

export const workspaceTaskSchema = z.object({
  /** Stable key ('permits.toReview'): tests and the web's test ids use it. */
  key: z.string(),
  /** Label ('namespace:path'), with `{{count}}` available. */
  titleKey: z.string(),
  count: z.number().int().min(0),
  /** The filtered list that shows these records. */
  link: z.string(),
  /** The API list request behind the link, whose total is `count` (null: the link opens a page to act on). */
  listApi: z.string().nullable(),
  tone: z.enum(WORKSPACE_TONES),
});
export type WorkspaceTask = z.infer<typeof workspaceTaskSchema>;

export const workspaceFigureSchema = z.object({
  key: z.string(),
  labelKey: z.string(),
  value: z.number().int().min(0),
  link: z.string().nullable(),
});
export type WorkspaceFigure = z.infer<typeof workspaceFigureSchema>;

export const workspaceSchema = z.object({
  /** Every task the caller may see, waiting ones (count > 0) first; empty ones tell the web what exists. */
  tasks: z.array(workspaceTaskSchema),
  figures: z.array(workspaceFigureSchema),
});
export type Workspace = z.infer<typeof workspaceSchema>;

export const WORKSPACE_API = '/api/Workspace/tasks';

/** A daily action offered as a button on the workspace (shown when the user holds the permission). */
export interface WorkspaceShortcut {
  key: string;
  path: string;
  permission: PermissionKey;
  titleKey: string;
  /**
   * Only for users of these sides (employer users act for their employer; the authority is everyone else).
   * Administrators see every shortcut whose permission they hold, which is all of them.
   */
  side?: 'employer' | 'authority';
  order: number;
}

const shortcuts: WorkspaceShortcut[] = [];

/** A module offers its daily actions (idempotent by key). */
export function registerWorkspaceShortcuts(...items: WorkspaceShortcut[]): void {
  for (const item of items) {
    const at = shortcuts.findIndex((s) => s.key === item.key);
    if (at >= 0) shortcuts.splice(at, 1);
    shortcuts.push(item);
  }
  shortcuts.sort((a, b) => a.order - b.order);
}

export function workspaceShortcuts(): readonly WorkspaceShortcut[] {
  return shortcuts;
}

// The daily actions of the default roles. Labels: accounts:workspace.shortcuts.<key>.
registerWorkspaceShortcuts(
  {
    key: 'permitRequest',
    path: '/nguoi-lao-dong/giay-phep-lao-dong/tao-moi',
    permission: 'WorkerLicense.create',
    side: 'employer',
    titleKey: 'accounts:workspace.shortcuts.permitRequest',
    order: 10,
  },
  {
    key: 'permitReview',
    path: '/nguoi-lao-dong/cap-phep-nguoi-lao-dong/danh-sach',
    permission: 'WorkerLicense.review',
    titleKey: 'accounts:workspace.shortcuts.permitReview',
    order: 10,
  },
  {
    key: 'ownWorkers',
    path: '/nguoi-lao-dong/danh-sach',
    permission: 'Worker.read',
    side: 'employer',
    titleKey: 'accounts:workspace.shortcuts.ownWorkers',
    order: 20,
  },
  {
    key: 'workers',
    path: '/nguoi-lao-dong/danh-sach-so',
    permission: 'Worker.read',
    side: 'authority',
    titleKey: 'accounts:workspace.shortcuts.workers',
    order: 20,
  },
  {
    key: 'overtime',
    path: '/doanh-nghiep/thong-bao-lam-them-gio/danh-sach',
    permission: 'OvertimeNotification.read',
    titleKey: 'accounts:workspace.shortcuts.overtime',
    order: 30,
  },
  {
    key: 'violation',
    path: '/doanh-nghiep/to-chuc-vi-pham/danh-sach',
    permission: 'ViolatingOrganization.create',
    side: 'authority',
    titleKey: 'accounts:workspace.shortcuts.violation',
    order: 40,
  },
  {
    key: 'employers',
    path: '/doanh-nghiep/danh-sach',
    permission: 'Bussiness.read',
    side: 'authority',
    titleKey: 'accounts:workspace.shortcuts.employers',
    order: 50,
  },
  {
    key: 'courses',
    path: '/an-toan-ve-sinh-lao-dong/thuc-hien-huan-luyen/danh-sach',
    permission: 'Training.create',
    titleKey: 'accounts:workspace.shortcuts.courses',
    order: 60,
  },
  {
    key: 'users',
    path: '/nguoi-dung/danh-sach',
    permission: 'User.create',
    side: 'authority',
    titleKey: 'accounts:workspace.shortcuts.users',
    order: 80,
  },
  {
    key: 'settings',
    path: '/cai-dat',
    permission: 'Configuration.update',
    titleKey: 'accounts:workspace.shortcuts.settings',
    order: 90,
  },
);
