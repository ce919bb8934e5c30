import { expect, test, uniqueEmail } from './fixtures'

test.describe('contact form', () => {
  test('the contact card lists its social links side by side, without bullets', async ({ page }) => {
    await page.goto('/contact')
    const links = page.getByRole('list', { name: 'Follow us' })
    await expect(links).toHaveCSS('list-style-type', 'none')
    const [first, second] = await links.getByRole('link').evaluateAll((items) => items.slice(0, 2).map((item) => item.getBoundingClientRect()))
    expect(second!.top).toBe(first!.top)
    expect(second!.left).toBeGreaterThan(first!.right)
  })

  test('shows every message only after a submit attempt', async ({ page }) => {
    await page.goto('/contact')
    await expect(page.getByText('Email is required')).toHaveCount(0)
    await page.getByRole('button', { name: 'Send message' }).click()
    await expect(page.getByText('Email is required')).toBeVisible()
    await expect(page.getByText('Message is required')).toBeVisible()

    await page.getByLabel('Name').fill('A')
    await page.getByLabel('Email').fill('not-an-email')
    await page.getByLabel('Message').fill('Hello')
    await page.getByRole('button', { name: 'Send message' }).click()
    await expect(page.getByText('Name must be at least 2 characters')).toBeVisible()
    await expect(page.getByText('Invalid email address')).toBeVisible()
  })

  test('caps the message at 1000 characters with a counter', async ({ page }) => {
    await page.goto('/contact')
    await expect(page.getByLabel('Message')).toHaveAttribute('maxlength', '1000')
    await expect(page.getByTestId('char-counter')).toHaveText('0/1,000')
  })

  test('sends a message and says thank you', async ({ page }) => {
    await page.goto('/contact')
    await page.getByLabel('Name').fill('Ada Lovelace')
    await page.getByLabel('Email').fill(uniqueEmail('contact'))
    await page.getByLabel('Message').fill('I love what you are building.')
    await page.getByRole('button', { name: 'Send message' }).click()
    await expect(page.getByRole('heading', { name: 'Thank you' })).toBeVisible()
    await expect(page.getByText('Your message has been received.', { exact: false })).toBeVisible()
    await page.getByRole('link', { name: 'Send another message' }).click()
    await expect(page.getByLabel('Email')).toHaveValue('')
    await expect(page.getByLabel('Message')).toHaveValue('')
  })
})

test.describe('waitlist', () => {
  test('validates the email', async ({ page }) => {
    await page.goto('/landing')
    await page.getByRole('button', { name: 'Join the waitlist' }).click()
    await expect(page.getByText('Please enter your email address')).toBeVisible()
    await page.getByLabel('Email address').fill('nope')
    await page.getByRole('button', { name: 'Join the waitlist' }).click()
    await expect(page.getByText('Please enter a valid email address')).toBeVisible()
    await expect(page.getByText('Please check your email')).toBeVisible()
  })

  test('joins, then recognises a repeat in another letter case', async ({ page }) => {
    const email = uniqueEmail('wait')
    await page.goto('/landing')
    await page.getByLabel('Email address').fill(email)
    await page.getByRole('button', { name: 'Join the waitlist' }).click()
    await expect(page.getByRole('dialog', { name: "You're all set!" })).toBeVisible()
    await page.getByRole('link', { name: 'Done' }).click()
    await expect(page.getByRole('dialog')).toHaveCount(0)

    await page.getByLabel('Email address').fill(email.toUpperCase())
    await page.getByRole('button', { name: 'Join the waitlist' }).click()
    await expect(page.getByText("You're already signed up!")).toBeVisible()
  })
})
