import { Flex } from 'antd';
import { fieldsOf } from './option-fields';
import { OptionSection } from './option-section';
import type { OptionValues } from '../../api/resources/options';

const sections = {
  notice: fieldsOf(['Notice'], { Notice: 'textarea' }),
  branding: fieldsOf(['SystemName', 'Logo']),
  homePage: fieldsOf(['HomePageContent'], { HomePageContent: 'textarea' }),
  about: fieldsOf(['About'], { About: 'textarea' }),
  footer: fieldsOf(['Footer'], { Footer: 'textarea' }),
};

/** Other settings (super admin): announcement, system name and logo, home page, about and footer. */
export function OtherTab({ options }: { options: OptionValues }) {
  return (
    <Flex vertical gap={16}>
      {Object.entries(sections).map(([name, fields]) => (
        <OptionSection key={name} name={name} fields={fields} options={options} />
      ))}
    </Flex>
  );
}
