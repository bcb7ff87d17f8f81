import ArrowDropDownIcon from '@mui/icons-material/ArrowDropDown';
import { Button, Menu, MenuItem } from '@mui/material';
import { useState } from 'react';
import { useTranslate } from 'react-admin';
import { Link } from 'react-router';
import { reorderPage, superAdminHref, type SuperAdminPage } from '../../domain/super-admin/super-admin';

const T = 'superAdmin.kitTab';
const ITEMS: { page: SuperAdminPage; label: string }[] = [
  { page: 'CreateOrder', label: `${T}.kitOrder` },
  { page: 'CreatePrepOrder', label: `${T}.prepOrder` },
  { page: 'UploadLabcorpResults', label: `${T}.upload` },
];

/** The super admin's Order a new kit dropdown on the patient's Kit tab (spec 3 §2, §6): kit order, PrEP order, Labcorp upload. */
export const OrderNewKitMenu = ({ patientId }: { patientId: string }) => {
  const translate = useTranslate();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  return (
    <>
      <Button
        variant="outlined"
        size="small"
        endIcon={<ArrowDropDownIcon />}
        onClick={(e) => setAnchor(e.currentTarget)}
        aria-haspopup="menu"
        aria-expanded={!!anchor}
      >
        {translate(`${T}.orderNewKit`)}
      </Button>
      <Menu anchorEl={anchor} open={!!anchor} onClose={() => setAnchor(null)}>
        {ITEMS.map((i) => (
          <MenuItem key={i.page} component={Link} to={superAdminHref(i.page, { patientId })} onClick={() => setAnchor(null)}>
            {translate(i.label)}
          </MenuItem>
        ))}
      </Menu>
    </>
  );
};

/** A kit's Reorder (super admin): the PrEP form when its product name contains 'prep', else the kit form, prefilled. */
export const ReorderButton = ({ patientId, productName }: { patientId: string; productName: string }) => {
  const translate = useTranslate();
  return (
    <Button
      size="small"
      component={Link}
      to={superAdminHref(reorderPage(productName), { patientId, kitName: productName })}
      aria-label={`${translate(`${T}.reorder`)} ${productName}`}
    >
      {translate(`${T}.reorder`)}
    </Button>
  );
};
