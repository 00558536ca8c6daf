import type { ReactNode } from 'react';
import { Typography } from 'antd';
import { PublicPage } from './PublicPage.tsx';

interface SectionProps {
  title: ReactNode;
  intro?: ReactNode;
  /** A closing note in small print (what a look-up never shows). */
  privacy?: ReactNode;
  /** Look-ups and one-record pages read better narrow. */
  narrow?: boolean;
  children: ReactNode;
}

/**
 * The content of a public page: its heading, lead paragraph and the page's own content. Kept apart from
 * PublicPage, which the light public home uses without Ant Design.
 */
export function PublicSection({ title, intro, privacy, narrow, children }: SectionProps) {
  return (
    <section className="public-container" style={{ padding: '24px 16px 48px', ...(narrow && { maxWidth: 880 }) }}>
      <Typography.Title level={1} style={{ fontSize: 26 }}>
        {title}
      </Typography.Title>
      {intro && <Typography.Paragraph type="secondary">{intro}</Typography.Paragraph>}
      {children}
      {privacy && (
        <Typography.Paragraph type="secondary" style={{ marginTop: 24, fontSize: 13 }}>
          {privacy}
        </Typography.Paragraph>
      )}
    </section>
  );
}

/** A public page (the public chrome) holding one PublicSection. */
export function PublicTitledPage(props: SectionProps) {
  return (
    <PublicPage>
      <PublicSection {...props} />
    </PublicPage>
  );
}
