import { PermitList } from './PermitList.tsx';

/** /nguoi-lao-dong/cap-phep-nguoi-lao-dong/danh-sach: the department's licensing queues. */
export default function ReviewListPage() {
  return <PermitList mode="review" />;
}
