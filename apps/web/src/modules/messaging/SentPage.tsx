import { Mailbox } from './Mailbox.tsx';

/** `/tin-nhan/hop-thu-di`: the sent box. */
export default function SentPage() {
  return <Mailbox view="sent" />;
}
