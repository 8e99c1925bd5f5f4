use serde::{Deserialize, Serialize};

use crate::ApiError;

/// Page size when the client names none.
pub const PAGE_SIZE_DEFAULT: u32 = 20;
/// The largest page a client may ask for (DESIGN.md §6).
pub const PAGE_SIZE_MAX: u32 = 100;

/// `?page=&page_size=` as sent; [`PageParams::validate`] turns it into a [`Page`].
#[derive(Debug, Clone, Default, Deserialize, utoipa::IntoParams)]
pub struct PageParams {
    pub page: Option<String>,
    pub page_size: Option<String>,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Page {
    pub page: u32,
    pub page_size: u32,
}

impl Page {
    pub fn offset(&self) -> i64 {
        i64::from(self.page - 1) * i64::from(self.page_size)
    }
    pub fn limit(&self) -> i64 {
        i64::from(self.page_size)
    }
}

impl PageParams {
    pub fn validate(&self) -> Result<Page, ApiError> {
        let page = parse(self.page.as_deref(), "page", 1, u32::MAX)?.unwrap_or(1);
        let page_size = parse(self.page_size.as_deref(), "page_size", 1, PAGE_SIZE_MAX)?
            .unwrap_or(PAGE_SIZE_DEFAULT);
        Ok(Page { page, page_size })
    }
}

fn parse(value: Option<&str>, field: &str, min: u32, max: u32) -> Result<Option<u32>, ApiError> {
    let Some(value) = value else { return Ok(None) };
    match value.trim().parse::<u32>() {
        Ok(n) if (min..=max).contains(&n) => Ok(Some(n)),
        _ => Err(ApiError::field(
            field,
            format!("Must be a whole number from {min} to {max}."),
        )),
    }
}

/// `{"data": [...], "count", "page", "page_size", "total_pages"}` (wrapped in `{"data": …}`).
#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct Paginated<T> {
    pub data: Vec<T>,
    pub count: i64,
    pub page: u32,
    pub page_size: u32,
    pub total_pages: i64,
}

impl<T> Paginated<T> {
    pub fn new(data: Vec<T>, count: i64, page: Page) -> Self {
        let size = i64::from(page.page_size);
        Self {
            data,
            count,
            page: page.page,
            page_size: page.page_size,
            total_pages: (count + size - 1) / size,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_page_size_above_the_maximum_is_rejected_naming_the_field() {
        let params = PageParams {
            page: None,
            page_size: Some("101".into()),
        };
        assert!(
            matches!(params.validate(), Err(ApiError::Fields(f)) if f.contains_key("page_size"))
        );
    }

    #[test]
    fn missing_parameters_default_to_the_first_page() {
        assert_eq!(
            PageParams::default().validate().ok(),
            Some(Page {
                page: 1,
                page_size: PAGE_SIZE_DEFAULT
            })
        );
    }

    #[test]
    fn total_pages_rounds_up() {
        assert_eq!(
            Paginated::<u8>::new(
                vec![],
                41,
                Page {
                    page: 1,
                    page_size: 20
                }
            )
            .total_pages,
            3
        );
    }
}
