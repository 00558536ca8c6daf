import { useTranslation } from 'react-i18next';
import Drawer from 'antd/es/drawer';
import Segmented from 'antd/es/segmented';
import Switch from 'antd/es/switch';
import Button from 'antd/es/button';
import {
  uiStore,
  useUi,
  type ContentWidth,
  type FooterType,
  type LayoutType,
  type NavbarType,
  type Skin,
} from '../ui-store.ts';

function Row({ label, children, id }: { label: string; children: React.ReactNode; id: string }) {
  return (
    <div className="customizer-row" role="group" aria-labelledby={id}>
      <div id={id} className="customizer-label">
        {label}
      </div>
      {children}
    </div>
  );
}

/**
 * Appearance of the app for this user (kept in this browser): skin, layout type, content width, navbar, footer,
 * collapsed menu. Defaults come from the app configuration; "Reset" returns to them.
 */
export function Customizer({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation('shell');
  const ui = useUi((s) => s);
  const bar = (k: string) => t(`customizer.bar.${k}`);
  return (
    <Drawer title={t('customizer.title')} open={open} onClose={onClose} size={340} data-testid="customizer">
      <p className="customizer-intro">{t('customizer.intro')}</p>
      <Row id="cz-skin" label={t('customizer.skin')}>
        <Segmented<Skin>
          block
          value={ui.skin}
          onChange={(skin) => uiStore.set({ skin })}
          options={[
            { value: 'light', label: t('customizer.light') },
            { value: 'dark', label: t('customizer.dark') },
          ]}
        />
      </Row>
      <Row id="cz-layout" label={t('customizer.layout')}>
        <Segmented<LayoutType>
          block
          value={ui.layout}
          onChange={(layout) => uiStore.set({ layout })}
          options={[
            { value: 'vertical', label: t('customizer.vertical') },
            { value: 'horizontal', label: t('customizer.horizontal') },
          ]}
        />
      </Row>
      <Row id="cz-width" label={t('customizer.contentWidth')}>
        <Segmented<ContentWidth>
          block
          value={ui.contentWidth}
          onChange={(contentWidth) => uiStore.set({ contentWidth })}
          options={[
            { value: 'full', label: t('customizer.full') },
            { value: 'boxed', label: t('customizer.boxed') },
          ]}
        />
      </Row>
      <Row id="cz-navbar" label={t('customizer.navbar')}>
        <Segmented<NavbarType>
          block
          value={ui.navbar.type}
          onChange={(type) => uiStore.set({ navbar: { type } })}
          options={(['sticky', 'static', 'hidden'] as const).map((v) => ({ value: v, label: bar(v) }))}
        />
      </Row>
      <Row id="cz-footer" label={t('customizer.footer')}>
        <Segmented<FooterType>
          block
          value={ui.footer.type}
          onChange={(type) => uiStore.set({ footer: { type } })}
          options={(['sticky', 'static', 'hidden'] as const).map((v) => ({ value: v, label: bar(v) }))}
        />
      </Row>
      {ui.layout === 'vertical' && (
        <Row id="cz-collapsed" label={t('customizer.menuCollapsed')}>
          <Switch
            checked={ui.menuCollapsed}
            onChange={(menuCollapsed) => uiStore.set({ menuCollapsed })}
            aria-labelledby="cz-collapsed"
          />
        </Row>
      )}
      <Button block onClick={() => uiStore.resetLayout()}>
        {t('customizer.reset')}
      </Button>
    </Drawer>
  );
}
