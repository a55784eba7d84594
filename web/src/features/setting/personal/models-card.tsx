import { USABLE_MODELS_PREVIEW } from '@switchboard/contract';
import { useQuery } from '@tanstack/react-query';
import { Button, Card, Empty, Flex, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { copyText } from '../../../components/clipboard';
import { fetchUsableModels, USABLE_MODELS_QUERY_KEY } from '../../../api/resources/self';

/** The models the user may call: the first ten, then all on request; a click copies a name. */
export function ModelsCard() {
  const { t } = useTranslation('personal');
  const models = useQuery({ queryKey: USABLE_MODELS_QUERY_KEY, queryFn: fetchUsableModels });
  const [expanded, setExpanded] = useState(false);
  const names = models.data ?? [];
  const shown = expanded ? names : names.slice(0, USABLE_MODELS_PREVIEW);
  return (
    <Card title={t('models.title')} loading={models.isLoading} data-testid="models-card">
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
            <Button type="link" style={{ alignSelf: 'flex-start', padding: 0 }} onClick={() => setExpanded(!expanded)} data-testid="models-toggle">
              {expanded ? t('models.collapse') : t('models.expand', { count: names.length - USABLE_MODELS_PREVIEW })}
            </Button>
          ) : null}
        </Flex>
      )}
    </Card>
  );
}
