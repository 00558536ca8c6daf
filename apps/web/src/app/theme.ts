import { theme, type ThemeConfig } from 'antd';
import type { Skin } from './ui-store.ts';

/** Brand and layout colours. index.html repeats the two layout backgrounds for the pre-React paint. */
export const brand = {
  primary: '#165daa',
  layoutLight: '#f4f6f9',
  layoutDark: '#101214',
};

const fontFamily =
  "-apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, 'Noto Sans', sans-serif, 'Apple Color Emoji', 'Segoe UI Emoji'";

/**
 * Text colours that meet WCAG 2.1 AA (4.5:1) on each skin's surfaces, where Ant Design's defaults do not:
 * secondary and placeholder text (45 % and 25 % ink ≈ 3.4:1 and 1.8:1 by default), the danger red (3.3:1 on
 * white), the status and preset colours of tags, and on the dark skin the brand blue as text (≈ 2.3:1 on the
 * dark panels).
 */
const readable = {
  light: {
    description: 'rgba(0, 0, 0, 0.62)',
    placeholder: 'rgba(0, 0, 0, 0.56)',
    /** Red 7 as the seed: danger buttons, form errors, the error tag (5.6:1 on white). */
    error: '#cf1322',
    /**
     * Tags draw their text in shade 7 of a palette on its shade 1; darker (shade 8 or 9, gold between the two)
     * where that falls short of 4.5:1. The status tags' green and amber likewise, on tags only: as seeds, shades
     * this dark would turn the whole success and warning palettes a muddy grey.
     */
    tagText: {
      green7: '#237804',
      gold7: '#9a5f00',
      orange7: '#ad4e00',
      volcano7: '#ad2102',
      lime7: '#3f6600',
      cyan7: '#006d75',
      yellow7: '#876800',
    },
    tagStatus: { colorSuccess: '#237804', colorWarning: '#ad4e00' },
  },
  dark: {
    description: 'rgba(255, 255, 255, 0.62)',
    placeholder: 'rgba(255, 255, 255, 0.56)',
    /** A seed: the dark algorithm dims it to #6d9cd3, 5:1 even on the tinted background of unread rows. */
    link: '#7db4f5',
    linkHover: '#91bff5',
    /**
     * The dark algorithm dims every seed towards the background: a lighter red seed gives a danger red that
     * reads at 5:1 on the dark surfaces and on the error tag's own background.
     */
    error: '#ff7875',
    /** The blue of "processing" tags and info icons: the brand blue dimmed reads at 2.3:1. */
    info: '#69a7f0',
    /** Text on a solid danger button: the light red fill needs dark ink (5.5:1), as white reads at 3.4:1. */
    onError: '#141414',
    /** Count badges keep white figures on a deeper red (6.9:1). */
    badge: '#b31320',
    /** Tags whose shade 7 falls short on their dark shade 1 take shade 8. */
    tagText: { purple7: '#ab7ae0', geekblue7: '#7f9ef3' },
  },
};

/** Palette shades under both spellings (green7, green-7): they share one CSS variable, so set both. */
const bothSpellings = (colors: Record<string, string>) =>
  Object.fromEntries(
    Object.entries(colors).flatMap(([key, value]) => [
      [key, value],
      [key.replace(/(\d+)$/, '-$1'), value],
    ]),
  );

export function themeFor(skin: Skin): ThemeConfig {
  const dark = skin === 'dark';
  const text = dark ? readable.dark : readable.light;
  return {
    algorithm: dark ? theme.darkAlgorithm : theme.defaultAlgorithm,
    cssVar: { key: 'portal' },
    token: {
      colorPrimary: brand.primary,
      colorInfo: dark ? readable.dark.info : brand.primary,
      colorError: text.error,
      colorBgLayout: dark ? brand.layoutDark : brand.layoutLight,
      borderRadius: 6,
      fontFamily,
      colorTextDescription: text.description,
      colorTextTertiary: text.description,
      colorTextPlaceholder: text.placeholder,
      ...bothSpellings(text.tagText),
      ...(dark
        ? {
            colorLink: readable.dark.link,
            colorLinkHover: readable.dark.linkHover,
            colorLinkActive: readable.dark.link,
          }
        : {}),
    },
    components: {
      Layout: {
        headerBg: dark ? '#181b20' : '#ffffff',
        siderBg: dark ? '#181b20' : '#ffffff',
        footerBg: 'transparent',
        headerPadding: '0 16px',
        headerHeight: 56,
      },
      Menu: {
        itemBg: 'transparent',
        subMenuItemBg: 'transparent',
        // The selected entry: white on the brand blue in the dark skin (6.6:1), brand blue on its tint in the
        // light; the group holding it and the top menu's selected entry in the readable blue.
        ...(dark
          ? {
              itemSelectedBg: brand.primary,
              itemSelectedColor: '#ffffff',
              subMenuItemSelectedColor: readable.dark.link,
              horizontalItemSelectedColor: readable.dark.link,
            }
          : {}),
      },
      ...(dark
        ? { Button: { dangerColor: readable.dark.onError }, Badge: { colorError: readable.dark.badge } }
        : { Tag: readable.light.tagStatus }),
      // An empty table's message is text to read, not a disabled control (25 % ink by default).
      Table: { colorTextDisabled: text.description },
    },
  };
}
