import { useParams } from 'react-router';
import { isMessageLabel } from '@portal/domain/messaging/index';
import { Mailbox } from './Mailbox.tsx';

/** `/message/label/{label}`: both boxes' messages under one label (the route table sends other labels to 404). */
export default function LabelPage() {
  const { label } = useParams();
  return isMessageLabel(label) ? <Mailbox key={label} view={label} /> : null;
}
