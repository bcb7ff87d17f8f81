import ExitToAppIcon from '@mui/icons-material/ExitToApp';
import { ListItemIcon, ListSubheader, MenuItem, Typography } from '@mui/material';
import { Menu, useLogout, useSidebarState, useTranslate } from 'react-admin';
import { menuFor, type NavSection } from '../navigation';
import { usePortalPermissions } from '../providers/permissions';

const LogoutMenuItem = () => {
  const translate = useTranslate();
  const logout = useLogout();
  // Styled like react-admin's MenuItemLink so it lines up with the links above.
  return (
    <MenuItem
      onClick={() => logout()}
      sx={{ color: 'text.secondary', '& .MuiListItemIcon-root': { minWidth: (theme) => theme.spacing(5), color: 'text.secondary' } }}
    >
      <ListItemIcon>
        <ExitToAppIcon />
      </ListItemIcon>
      <Typography variant="inherit" sx={{ flexGrow: 1 }}>
        {translate('nav.logout')}
      </Typography>
    </MenuItem>
  );
};

const SectionHeading = ({ section }: { section: NavSection }) => {
  const translate = useTranslate();
  const [open] = useSidebarState();
  if (!section.label || !open) return null;
  return (
    // Inside react-admin's menu (role="menu") a heading may only be a separator, named after its section.
    <ListSubheader
      role="separator"
      aria-label={translate(`nav.section.${section.key}`)}
      disableSticky
      sx={{ lineHeight: '32px', mt: 1, bgcolor: 'transparent' }}
    >
      {translate(`nav.section.${section.key}`)}
    </ListSubheader>
  );
};

/**
 * The navigation menu of spec 1 §2 (the resources' menu entries, navigation.ts), with section headings; entries the
 * roles cannot open are hidden.
 */
export const PortalMenu = () => {
  const { permissions } = usePortalPermissions();
  return (
    // Long labels ("Manage Profile License & Calendar") wrap instead of being cut.
    <Menu sx={{ '& .MuiMenuItem-root .MuiTypography-noWrap': { whiteSpace: 'normal' } }}>
      {menuFor(permissions?.roles ?? []).flatMap((section) => [
        <SectionHeading key={`section-${section.key}`} section={section} />,
        ...section.items.map((item) =>
          'to' in item ? (
            <Menu.Item key={item.key} to={item.to} primaryText={`nav.${item.key}`} leftIcon={<item.icon />} />
          ) : (
            <LogoutMenuItem key={item.key} />
          ),
        ),
      ])}
    </Menu>
  );
};
