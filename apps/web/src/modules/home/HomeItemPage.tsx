import { Navigate, useParams } from 'react-router';
import { newsPublicPath } from '@portal/domain/news/paths';

/**
 * `/trang-chu/{type}/{id}`: one item of a public-home section, at its own page. Only the news section has items
 * of its own (its articles); the route admits no other type (see its `validParams`).
 */
export default function HomeItemPage() {
  const { id } = useParams();
  return <Navigate to={newsPublicPath(id ?? '')} replace />;
}
