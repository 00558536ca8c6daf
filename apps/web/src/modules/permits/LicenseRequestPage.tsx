import { RequestPage } from './RequestPage.tsx';

/** /tao-moi (also ?gia-han= and ?cap-lai=) and /chinh-sua/{id}: work-permit requests. */
export default function LicenseRequestPage() {
  return <RequestPage group="license" />;
}
