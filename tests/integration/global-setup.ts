import type { TestProject } from 'vitest/node'
import { createTestDatabase } from '../support/database'

declare module 'vitest' {
  export interface ProvidedContext {
    databaseUrl: string
  }
}

export default async function setup(project: TestProject) {
  const database = await createTestDatabase('it')
  project.provide('databaseUrl', database.url)
  return () => database.drop()
}
