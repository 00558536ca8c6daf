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
 * secondary and placeholder text (45 % and 25 % ink ≈ 3.4:1 and 1.8:1 by default), and on the dark skin the
 * brand blue as link and selected-menu text (≈ 2.5:1 on the dark panels).
 */
const readable = {
  light: { description: 'rgba(0, 0, 0, 0.62)', placeholder: 'rgba(0, 0, 0, 0.56)' },
  /**
   * Light skin: status colours and the text of coloured tags (shade 7 of a palette, on its shade 1) one or two
   * shades darker where the default falls short of 4.5:1 — green, gold, orange, volcano, lime, cyan, yellow.
   */
  lightStatus: {
    colorSuccess: '#237804',
    colorWarning: '#ad4e00',
    colorError: '#cf1322',
    green7: '#237804',
    gold7: '#ad6800',
    orange7: '#ad4e00',
    volcano7: '#ad2102',
    lime7: '#3f6600',
    cyan7: '#006d75',
    yellow7: '#876800',
  },
  dark: {
    description: 'rgba(255, 255, 255, 0.62)',
    placeholder: 'rgba(255, 255, 255, 0.56)',
    link: '#69a7f0',
    linkHover: '#91bff5',
  },
};

export function themeFor(skin: Skin): ThemeConfig {
  const dark = skin === 'dark';
  const text = dark ? readable.dark : readable.light;
  return {
    algorithm: dark ? theme.darkAlgorithm : theme.defaultAlgorithm,
    cssVar: { key: 'portal' },
    token: {
      colorPrimary: brand.primary,
      colorInfo: brand.primary,
      colorBgLayout: dark ? brand.layoutDark : brand.layoutLight,
      borderRadius: 6,
      fontFamily,
      colorTextDescription: text.description,
      colorTextTertiary: text.description,
      colorTextPlaceholder: text.placeholder,
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
        // The selected entry: white on the brand blue in the dark skin (6.6:1), brand blue on its tint in the light.
        ...(dark ? { itemSelectedBg: brand.primary, itemSelectedColor: '#ffffff' } : {}),
      },
    },
  };
}
