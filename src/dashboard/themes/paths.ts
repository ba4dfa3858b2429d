// SPEC §2's theme routes (themeOverview, themeAdd, themeDetailsEdit).
export const themePaths = {
  overview: (pid: string) => `/projects/${pid}/themes`,
  add: (pid: string) => `/projects/${pid}/theme/create`,
  detailsEdit: (pid: string, id: string) => `/projects/${pid}/theme/${id}/details/edit`,
};
