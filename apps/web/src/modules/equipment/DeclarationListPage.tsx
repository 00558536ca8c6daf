import { DeclarationList } from './DeclarationList.tsx';

/** /khai-bao-thiet-bi/danh-sach: the employer's declarations of machines. */
export default function DeclarationListPage() {
  return <DeclarationList mode="employer" />;
}
