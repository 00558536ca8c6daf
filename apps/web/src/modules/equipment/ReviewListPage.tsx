import { DeclarationList } from './DeclarationList.tsx';

/** /an-toan-ve-sinh-lao-dong/quan-li-khai-bao-thiet-bi/danh-sach: the department's queue of declarations. */
export default function ReviewListPage() {
  return <DeclarationList mode="review" />;
}
