import { useDispatch } from '../app/store';
import { Icon } from './Icon';
import styles from './LikeButton.module.css';

export function LikeButton({
  productId,
  isLiked,
  likesCount,
}: {
  productId: string;
  isLiked: boolean;
  likesCount: number;
}) {
  const dispatch = useDispatch();
  return (
    <button
      type="button"
      className={isLiked ? `${styles.like} ${styles.liked}` : styles.like}
      aria-pressed={isLiked}
      onClick={() => dispatch({ type: isLiked ? 'UnlikeProduct' : 'LikeProduct', data: { productId } })}
    >
      <Icon name={isLiked ? 'heart' : 'heart-outline'} size={20} aria-hidden="true" />
      <span className="visually-hidden">{isLiked ? 'Убрать из избранного' : 'В избранное'}, отметок:</span>
      <span className={styles.count}>{likesCount}</span>
    </button>
  );
}
