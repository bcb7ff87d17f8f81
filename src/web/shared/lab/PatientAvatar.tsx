import { Avatar } from '@mui/material';
import { useTranslate } from 'react-admin';

export const DEFAULT_AVATAR_URL = '/default-avatar.svg';

/** The patient's picture; the default picture when there is none or it cannot be fetched (MUI falls back to children). */
export const PatientAvatar = ({ src, size = 56 }: { src?: string | null; size?: number }) => {
  const translate = useTranslate();
  return (
    <Avatar src={src ?? undefined} alt={translate('lab.patientPicture')} sx={{ width: size, height: size }}>
      <img src={DEFAULT_AVATAR_URL} alt={translate('lab.patientPicture')} width={size} height={size} />
    </Avatar>
  );
};
