"""The scripted demo (`hanabi-companion --demo`) and the synthetic camera frames it and the tests
use: tools to show and check the product, not product logic. Nothing in companion imports this
package but the command line's --demo."""
