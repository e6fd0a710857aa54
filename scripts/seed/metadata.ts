/**
 * On-chain metadata of the demo collections and tokens: `data:` JSON URIs (no server needed to
 * read them) whose images are generated locally into `<dataDir>/uploads`.
 */
import { generateArtwork } from '../lib/images.ts';
import type { CollectionPlan } from './catalogue.ts';

function dataUri(json: unknown): string {
  return `data:application/json;base64,${Buffer.from(JSON.stringify(json)).toString('base64')}`;
}

export function collectionMetadataUri(dataDir: string, plan: CollectionPlan): string {
  return dataUri({
    name: plan.name,
    description: plan.description,
    image: generateArtwork(dataDir, {
      seed: `collection:${plan.key}`,
      motif: plan.motif,
      title: plan.name,
      subtitle: plan.symbol,
    }),
    banner_image: generateArtwork(dataDir, {
      seed: `banner:${plan.key}`,
      motif: plan.motif,
      title: plan.name,
      width: 1200,
      height: 300,
    }),
    category: plan.category,
  });
}

export function tokenUris(dataDir: string, plan: CollectionPlan): string[] {
  return plan.items.map((item, i) =>
    dataUri({
      name: item.name,
      description: item.description,
      image: generateArtwork(dataDir, {
        seed: `${plan.key}:${i + 1}`,
        motif: plan.motif,
        title: item.name,
        subtitle: plan.name,
      }),
      category: plan.category,
      base_type: item.baseType ?? 'image',
      attributes: item.attributes,
      ...(item.inspection ? { inspection_reports: item.inspection } : {}),
    }),
  );
}
