import { PermitList } from './PermitList.tsx';

/** /nguoi-lao-dong/giay-phep-lao-dong/danh-sach: the employer's requests and permits. */
export default function ListPage() {
  return <PermitList mode="employer" />;
}
