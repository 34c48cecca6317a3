import type { TInfographicDesignInput } from '@sales-assist/contract';

/**
 * The themes every install starts with, one per layout, each with its own palette and type, and one
 * drawn in each user's brand look (colours and logo read from their site): seeded at every start (seed-built-in-themes.ts), so Socials always has pictures to offer. Admins edit, retire or
 * add to them on Infographic Management; a built-in keeps its name.
 */
export const BUILT_IN_THEMES: readonly { name: string; design: TInfographicDesignInput }[] = [
  {
    name: 'Midnight Cards',
    design: {
      layout: 'cards',
      size: '1080x1080',
      colors: {
        background: '#0F172A',
        surface: '#1E293B',
        text: '#F8FAFC',
        accent: '#38BDF8',
        muted: '#94A3B8',
      },
      heading_font: { bundled: 'Inter' },
      body_font: { bundled: 'Inter' },
    },
  },
  {
    name: 'Paper List',
    design: {
      layout: 'list',
      size: '1080x1080',
      colors: {
        background: '#FBF7F0',
        surface: '#F1E9DA',
        text: '#2B2118',
        accent: '#C2410C',
        muted: '#7C6A58',
      },
      heading_font: { bundled: 'DejaVu Serif' },
      body_font: { bundled: 'Inter' },
    },
  },
  {
    name: 'Forest Quote',
    design: {
      layout: 'quote',
      size: '1080x1080',
      colors: {
        background: '#0B3B2E',
        surface: '#114C3C',
        text: '#ECFDF5',
        accent: '#FBBF24',
        muted: '#A7C4B5',
      },
      heading_font: { bundled: 'DejaVu Serif' },
      body_font: { bundled: 'DejaVu Sans' },
    },
  },
  {
    name: 'Coral Figure',
    design: {
      layout: 'big_number',
      size: '1080x1080',
      colors: {
        background: '#FFF7F5',
        surface: '#FFE4DE',
        text: '#1F2937',
        accent: '#E11D48',
        muted: '#6B7280',
      },
      heading_font: { bundled: 'Inter' },
      body_font: { bundled: 'Inter' },
    },
  },
  {
    // White and ink, so any brand colour reads on it: drawn in each user's own colours and logo.
    name: 'Your Brand',
    design: {
      layout: 'cards',
      size: '1080x1080',
      colors: {
        background: '#FFFFFF',
        surface: '#F3F4F6',
        text: '#111827',
        accent: '#2563EB',
        muted: '#4B5563',
      },
      heading_font: { bundled: 'Inter' },
      body_font: { bundled: 'Inter' },
      use_brand_look: true,
    },
  },
];
