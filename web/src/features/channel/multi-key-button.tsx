import type { ChannelView } from '@switchboard/contract';
import { Button, Tooltip } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MultiKeyDialog } from './multi-key-dialog';

/** A multi-key channel's row button (its rotation in the tooltip), opening the management dialog. */
export function MultiKeyButton({ channel }: { channel: ChannelView }) {
  const { t } = useTranslation('multikey');
  const [open, setOpen] = useState(false);
  return (
    <>
      <Tooltip title={t(`mode.${channel.channel_info.multi_key_mode}`)}>
        <Button size="small" onClick={() => setOpen(true)} data-testid="channel-multi-key">
          {t('open')} ({channel.channel_info.multi_key_size})
        </Button>
      </Tooltip>
      {/* Mounted while open: every opening starts at page 1 with every key shown. */}
      {open ? <MultiKeyDialog channel={channel} onClose={() => setOpen(false)} /> : null}
    </>
  );
}
