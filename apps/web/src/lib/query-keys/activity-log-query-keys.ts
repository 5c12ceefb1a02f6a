/** Query keys of the activity logs (the college's on Konfigurasi, the user's own on Profil). */
export const activityLogKeys = {
  all: ['activity-logs'] as const,
  college: (params: object) => [...activityLogKeys.all, 'college', params] as const,
  own: (params: object) => [...activityLogKeys.all, 'own', params] as const,
  kinds: () => [...activityLogKeys.all, 'kinds'] as const,
};
