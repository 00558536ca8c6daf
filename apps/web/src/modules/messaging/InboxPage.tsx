import { Mailbox } from './Mailbox.tsx';

/** `/tin-nhan`: the inbox. */
export default function InboxPage() {
  return <Mailbox view="inbox" />;
}
