// Text of the illustrated demo menu pages (seeded as the food, vegan, Sunday
// and desserts menu sections) and of the Christmas party menu.

export const MENU_PAGES = {
  'food-1': {
    title: 'Food Menu',
    subtitle: 'Served Wednesday to Sunday · kitchen closes 9pm, Sundays 6pm',
    sections: [
      {
        name: 'Small Plates',
        dishes: [
          ['Soup of the Day', 'Crusty bloomer, salted butter', '£7.50'],
          ['Ham Hock Terrine', 'Piccalilli, toasted sourdough', '£8.95'],
          ['Whitebait', 'Lemon, tartare sauce, paprika', '£8.50'],
          ['Baked Camembert', 'Garlic, rosemary, onion chutney (to share)', '£15.00'],
        ],
      },
      {
        name: 'Pub Classics',
        dishes: [
          ['Beer-Battered Haddock', 'Triple-cooked chips, mushy peas, tartare', '£17.95'],
          ['Steak &amp; Ale Pie', 'Hot-water crust, mash, greens, gravy', '£18.50'],
          ['Wheatsheaf Burger', 'Cheddar, bacon jam, brioche, fries', '£16.95'],
          ['Sausage &amp; Mash', 'Local pork sausages, onion gravy', '£15.50'],
        ],
      },
    ],
    footer: 'Please tell us about any allergies before you order.',
  },
  'food-2': {
    title: 'Food Menu',
    subtitle: 'Mains, grill and sides',
    sections: [
      {
        name: 'From the Grill',
        dishes: [
          ['10oz Sirloin Steak', 'Field mushroom, tomato, chips, peppercorn', '£29.00'],
          ['Gammon Steak', 'Free-range eggs, pineapple salsa, chips', '£16.50'],
          ['Half Roast Chicken', 'Garlic butter, slaw, skin-on fries', '£17.50'],
        ],
      },
      {
        name: 'Sides',
        dishes: [
          ['Triple-Cooked Chips', '', '£4.50'],
          ['Onion Rings', '', '£4.00'],
          ['Seasonal Greens', '', '£4.50'],
          ['House Salad', '', '£4.00'],
        ],
      },
    ],
    footer: 'A discretionary 10% service charge is added to tables of 8 or more.',
  },
  'vegan-1': {
    title: 'Vegan Menu',
    subtitle: 'Every dish on this page is fully plant-based',
    sections: [
      {
        name: 'Starters',
        dishes: [
          ['Roast Tomato Soup', 'Basil oil, sourdough', '£7.00'],
          ['Crispy Cauliflower Bites', 'Sriracha mayo, spring onion', '£7.50'],
        ],
      },
      {
        name: 'Mains',
        dishes: [
          ['Mushroom &amp; Ale Pie', 'Shortcrust, mash, greens, gravy', '£16.50'],
          ['Battered Banana Blossom', 'Chips, mushy peas, tartare', '£16.00'],
          ['Chickpea &amp; Squash Curry', 'Coconut rice, flatbread', '£15.50'],
          ['Beetroot Burger', 'Smoked vegan cheese, fries', '£15.95'],
        ],
      },
    ],
    footer: 'Prepared in a kitchen that also handles animal products.',
  },
  'sunday-1': {
    title: 'Sunday Lunch',
    subtitle: 'Served from 12pm until 6pm, while it lasts',
    sections: [
      {
        name: 'Roasts',
        dishes: [
          ['Roast Sirloin of Beef', 'Yorkshire pudding, horseradish', '£21.50'],
          ['Roast Loin of Pork', 'Crackling, apple sauce', '£19.50'],
          ['Roast Half Chicken', 'Sage &amp; onion stuffing, bread sauce', '£18.95'],
          ['Nut Roast', 'Vegetarian gravy, Yorkshire pudding', '£16.95'],
        ],
      },
      {
        name: 'All served with',
        dishes: [
          ['Goose-fat roast potatoes', 'Honey-roast carrots and parsnips', ''],
          ['Cauliflower cheese', 'Seasonal greens and proper gravy', ''],
        ],
      },
    ],
    footer: 'Children’s roasts available at half price.',
  },
  'desserts-1': {
    title: 'Desserts',
    subtitle: 'All our puddings are made in our kitchen',
    sections: [
      {
        name: 'Puddings',
        dishes: [
          ['Sticky Toffee Pudding', 'Toffee sauce, vanilla ice cream', '£8.00'],
          ['Apple &amp; Blackberry Crumble', 'Hot custard', '£7.50'],
          ['Dark Chocolate Brownie', 'Salted caramel, clotted cream', '£7.95'],
          ['Eton Mess', 'Strawberries, meringue, Chantilly', '£7.50'],
        ],
      },
      {
        name: 'To Finish',
        dishes: [
          ['Local Cheeseboard', 'Three cheeses, crackers, chutney', '£11.50'],
          ['Affogato', 'Espresso, vanilla ice cream', '£5.50'],
        ],
      },
    ],
    footer: 'Ask about our dessert wines and liqueur coffees.',
  },
}

export const CHRISTMAS_MENU = {
  title: 'Christmas Party Menu',
  subtitle: 'Three courses · £45 per person',
  festive: true,
  sections: [
    {
      name: 'To Start',
      dishes: [
        ['Spiced Parsnip Soup', 'Crispy sage, warm bread', ''],
        ['Chicken Liver Parfait', 'Cranberry &amp; orange chutney, brioche', ''],
        ['Beetroot-Cured Salmon', 'Horseradish crème fraîche, rye', ''],
      ],
    },
    {
      name: 'Main Course',
      dishes: [
        ['Roast Norfolk Turkey', 'Pigs in blankets, stuffing, all the trimmings', ''],
        ['Slow-Braised Beef', 'Red wine jus, horseradish mash', ''],
        ['Chestnut &amp; Cranberry Wellington', 'Roast potatoes, vegetarian gravy', ''],
      ],
    },
    {
      name: 'Dessert',
      dishes: [
        ['Christmas Pudding', 'Brandy sauce', ''],
        ['Chocolate &amp; Orange Torte', 'Clotted cream', ''],
      ],
    },
  ],
  footer: 'Tuesday 2nd &amp; 9th December · £10 deposit per person · DJ 9:00pm to 11:30pm',
}
