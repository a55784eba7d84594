import { USABLE_MODELS_PREVIEW } from '@switchboard/contract';
import { Button, Card, Empty, Flex, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { copyText } from '../../../components/clipboard';
import { useUsableModels } from '../../../api/resources/self';

/** The models the user may call: the first ten, then all on request; a click copies a name. */
export function ModelsCard() {
  const { t } = useTranslation('personal');
  const { models: names, loading } = useUsableModels();
  const [expanded, setExpanded] = useState(false);
  const shown = expanded ? names : names.slice(0, USABLE_MODELS_PREVIEW);
  return (
    <Card title={t('models.title')} loading={loading} data-testid="models-card">
      {names.length === 0 ? (
        <Empty description={t('models.none')} />
      ) : (
        <Flex vertical gap={12}>
          <Flex gap={8} wrap>
            {shown.map((name) => (
              <Tag key={name} style={{ cursor: 'pointer' }} onClick={() => void copyText(name)}>
                {name}
              </Tag>
            ))}
          </Flex>
          {names.length > USABLE_MODELS_PREVIEW ? (
            <Button
              type="link"
              style={{ alignSelf: 'flex-start', padding: 0 }}
              onClick={() => setExpanded(!expanded)}
              data-testid="models-toggle"
            >
              {expanded ? t('models.collapse') : t('models.expand', { count: names.length - USABLE_MODELS_PREVIEW })}
            </Button>
          ) : null}
        </Flex>
      )}
    </Card>
  );
}
