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

export function themeFor(skin: Skin): ThemeConfig {
  const dark = skin === 'dark';
  return {
    algorithm: dark ? theme.darkAlgorithm : theme.defaultAlgorithm,
    cssVar: { key: 'portal' },
    token: {
      colorPrimary: brand.primary,
      colorInfo: brand.primary,
      colorBgLayout: dark ? brand.layoutDark : brand.layoutLight,
      borderRadius: 6,
      fontFamily,
    },
    components: {
      Layout: {
        headerBg: dark ? '#181b20' : '#ffffff',
        siderBg: dark ? '#181b20' : '#ffffff',
        footerBg: 'transparent',
        headerPadding: '0 16px',
        headerHeight: 56,
      },
      Menu: { itemBg: 'transparent', subMenuItemBg: 'transparent' },
    },
  };
}
