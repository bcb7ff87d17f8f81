import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useDataProvider } from 'react-admin';
import type { PortalDataProvider } from '../providers/dataProvider';

/**
 * The patient's picture as an object URL (GET /secure/user/patientProfilePic/{id}), fetched when the component that
 * shows it mounts; null while loading, when there is none, or when it cannot be fetched (the caller shows the
 * default picture then). The URL is revoked when the picture changes or the component goes.
 */
export function usePatientPicture(patientId: string, enabled = true): string | null {
  const dataProvider = useDataProvider<PortalDataProvider>();
  const pic = useQuery({
    queryKey: ['patients', 'picture', patientId],
    queryFn: ({ signal }) => dataProvider.patientProfilePic(patientId, signal),
    enabled,
    retry: false,
  });
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!pic.data) return undefined;
    const objectUrl = URL.createObjectURL(pic.data);
    setUrl(objectUrl);
    return () => {
      URL.revokeObjectURL(objectUrl);
      setUrl(null);
    };
  }, [pic.data]);
  return url;
}
