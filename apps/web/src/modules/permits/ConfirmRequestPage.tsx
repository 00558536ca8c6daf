import { RequestPage } from './RequestPage.tsx';

/** /tao-moi-giay-xac-nhan and /sua-giay-xac-nhan/{id}: confirmations that no permit is needed. */
export default function ConfirmRequestPage() {
  return <RequestPage group="confirm" />;
}
