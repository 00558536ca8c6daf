import { Outlet } from 'react-router';
import Layout from 'antd/es/layout';
import { AntdProvider } from '../antd-provider.tsx';
import { LanguageSwitch } from '../components/LanguageSwitch.tsx';
import { SkinToggle } from '../components/SkinToggle.tsx';

/** The signed-in shell: header and content (the menu arrives with the menu catalogue). */
export default function AppLayout() {
  return (
    <AntdProvider>
      <Layout style={{ minHeight: '100vh' }}>
        <Layout.Header style={{ display: 'flex', alignItems: 'center', justifyContent: 'flex-end', gap: 8 }}>
          <LanguageSwitch />
          <SkinToggle />
        </Layout.Header>
        <Layout.Content style={{ padding: 24 }}>
          <Outlet />
        </Layout.Content>
      </Layout>
    </AntdProvider>
  );
}
