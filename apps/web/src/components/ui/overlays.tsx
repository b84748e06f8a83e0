// Modal and drawer for the whole app. Mantine renders their header as <header> inside a
// portal, which axe reports as a second "banner" landmark; ours is a <div>. The close button
// always carries a translated label (ARCHITECTURE.md#web-app).
import { Drawer, Modal, type DrawerRootProps, type ModalRootProps } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import classes from './overlays.module.css';

interface OverlayProps {
  title: ReactNode;
  children: ReactNode;
  /** Label of the close button; "Close" by default. */
  closeLabel?: string;
  bodyClassName?: string;
}

export function AppModal({
  title,
  children,
  closeLabel,
  bodyClassName,
  ...root
}: OverlayProps & Omit<ModalRootProps, 'title' | 'children'>) {
  const { t } = useTranslation();
  return (
    <Modal.Root radius="lg" {...root}>
      <Modal.Overlay />
      <Modal.Content>
        <div className={classes.header}>
          <Modal.Title className={classes.title}>{title}</Modal.Title>
          <Modal.CloseButton aria-label={closeLabel ?? t('a11y.close')} />
        </div>
        <Modal.Body className={bodyClassName}>{children}</Modal.Body>
      </Modal.Content>
    </Modal.Root>
  );
}

export function AppDrawer({
  title,
  children,
  closeLabel,
  bodyClassName,
  ...root
}: OverlayProps & Omit<DrawerRootProps, 'title' | 'children'>) {
  const { t } = useTranslation();
  return (
    <Drawer.Root {...root}>
      <Drawer.Overlay />
      <Drawer.Content>
        <div className={classes.header}>
          <Drawer.Title className={classes.title}>{title}</Drawer.Title>
          <Drawer.CloseButton aria-label={closeLabel ?? t('a11y.close')} />
        </div>
        <Drawer.Body className={bodyClassName}>{children}</Drawer.Body>
      </Drawer.Content>
    </Drawer.Root>
  );
}
