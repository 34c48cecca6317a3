/** Query keys of the admin's infographic screens (themes, uploads, live previews). */
export const ADMIN_THEMES_KEY = ['admin', 'infographic-themes'] as const;
export const DESIGN_ASSETS_KEY = ['admin', 'design-assets'] as const;
/** The users' theme list and previews (Socials, Infographic Management 2) change with every theme edit. */
export const OFFERED_THEMES_KEY = ['infographic-themes'] as const;
