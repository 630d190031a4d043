import ExpandLess from '@mui/icons-material/ExpandLess';
import ExpandMore from '@mui/icons-material/ExpandMore';
import Collapse from '@mui/material/Collapse';
import Divider from '@mui/material/Divider';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import { useId, useState } from 'react';
import { useIntl } from 'react-intl';
import type { SidebarEntry } from './sidebarEntries.js';

interface Props {
  entry: SidebarEntry;
  pathname: string;
  onNavigate: (path: string) => void;
  depth?: number;
}

/** One sidebar entry and its divider; a group expands and collapses its children. */
export function SidebarItem({ entry, pathname, onNavigate, depth = 0 }: Props) {
  const intl = useIntl();
  const groupId = useId();
  const children = entry.children ?? [];
  const [expanded, setExpanded] = useState(() => children.some((child) => child.path === pathname));
  const Icon = entry.icon;
  const selected = entry.path !== undefined && entry.path === pathname;
  const isGroup = children.length > 0;
  const onClick = () => {
    if (isGroup) setExpanded((v) => !v);
    else if (entry.path) onNavigate(entry.path);
  };
  return (
    <li>
      <ListItemButton
        selected={selected}
        aria-current={selected ? 'page' : undefined}
        aria-expanded={isGroup ? expanded : undefined}
        aria-controls={isGroup ? groupId : undefined}
        onClick={onClick}
        sx={{ pl: 2 + depth * 2, py: 1.25 }}
      >
        <ListItemIcon>
          <Icon color={selected ? 'primary' : 'inherit'} />
        </ListItemIcon>
        <ListItemText
          primary={intl.formatMessage({ id: entry.label })}
          slotProps={{ primary: { sx: { fontWeight: selected ? 700 : 500 } } }}
        />
        {isGroup && (expanded ? <ExpandLess /> : <ExpandMore />)}
      </ListItemButton>
      <Divider />
      {isGroup && (
        <Collapse in={expanded} timeout="auto" unmountOnExit>
          <List id={groupId} disablePadding>
            {children.map((child) => (
              <SidebarItem
                key={child.label}
                entry={child}
                pathname={pathname}
                onNavigate={onNavigate}
                depth={depth + 1}
              />
            ))}
          </List>
        </Collapse>
      )}
    </li>
  );
}
